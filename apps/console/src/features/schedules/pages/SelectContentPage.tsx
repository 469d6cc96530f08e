import { EmptyScreen } from '../../../ui/EmptyScreen';

export default function SelectContentPage() {
  return <EmptyScreen />;
}
