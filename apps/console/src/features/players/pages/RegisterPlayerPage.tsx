import { EmptyScreen } from '../../../ui/EmptyScreen';

export default function RegisterPlayerPage() {
  return <EmptyScreen />;
}
