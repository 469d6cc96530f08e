import { EmptyScreen } from '../../../ui/EmptyScreen';

export default function TagListPage() {
  return <EmptyScreen />;
}
