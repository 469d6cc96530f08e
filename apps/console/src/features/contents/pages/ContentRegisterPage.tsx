import { EmptyScreen } from '../../../ui/EmptyScreen';

export default function ContentRegisterPage() {
  return <EmptyScreen />;
}
