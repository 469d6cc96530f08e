import { EmptyScreen } from '../../../ui/EmptyScreen';

export default function PlayerDetailPage() {
  return <EmptyScreen />;
}
