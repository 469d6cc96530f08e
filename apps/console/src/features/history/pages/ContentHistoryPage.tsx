import { EmptyScreen } from '../../../ui/EmptyScreen';

export default function ContentHistoryPage() {
  return <EmptyScreen />;
}
