import { EmptyScreen } from '../../../ui/EmptyScreen';

export default function ContentDetailPage() {
  return <EmptyScreen />;
}
