import { EmptyScreen } from '../../../ui/EmptyScreen';

export default function PlayerListPage() {
  return <EmptyScreen />;
}
