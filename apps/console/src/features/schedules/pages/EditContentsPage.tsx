import { EmptyScreen } from '../../../ui/EmptyScreen';

export default function EditContentsPage() {
  return <EmptyScreen />;
}
