import { EmptyScreen } from '../../../ui/EmptyScreen';

export default function ContentHistoryDetailPage() {
  return <EmptyScreen />;
}
