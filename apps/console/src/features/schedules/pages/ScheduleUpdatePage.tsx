import { EmptyScreen } from '../../../ui/EmptyScreen';

export default function ScheduleUpdatePage() {
  return <EmptyScreen />;
}
