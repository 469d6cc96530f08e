import { EmptyScreen } from '../../../ui/EmptyScreen';

export default function ContentHistorySummaryPage() {
  return <EmptyScreen />;
}
