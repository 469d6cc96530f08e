import { EmptyScreen } from '../../../ui/EmptyScreen';

export default function ScheduleSettingPage() {
  return <EmptyScreen />;
}
