import { EmptyScreen } from '../../../ui/EmptyScreen';

export default function WaitingPlayerListPage() {
  return <EmptyScreen />;
}
