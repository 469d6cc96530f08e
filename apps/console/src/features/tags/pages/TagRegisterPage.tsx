import { EmptyScreen } from '../../../ui/EmptyScreen';

export default function TagRegisterPage() {
  return <EmptyScreen />;
}
