import { EmptyScreen } from '../../../ui/EmptyScreen';

export default function TagDetailPage() {
  return <EmptyScreen />;
}
