import { EmptyScreen } from '../../../ui/EmptyScreen';

export default function PlayerLogsPage() {
  return <EmptyScreen />;
}
