import { EmptyScreen } from '../../../ui/EmptyScreen';

export default function SelectDevicePage() {
  return <EmptyScreen />;
}
