import { EmptyScreen } from '../../../ui/EmptyScreen';

export default function ContentListPage() {
  return <EmptyScreen />;
}
