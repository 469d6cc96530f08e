import { lazy, Suspense } from 'react';
import { useOverlay } from '../../ui/useOverlay';
import { useDevicePlaying } from './devicePlaying';

const DevicePlayingModal = lazy(() => import('../../features/players/components/DevicePlayingModal'));
const DeviceHelpModal = lazy(() => import('../../features/players/components/DeviceHelpModal'));

/** Mounts the device playing list and device help overlays; their code loads the first time they open. */
export function DevicePlayingHost() {
  const deviceCode = useDevicePlaying((state) => state.deviceCode);
  const helpOpened = useOverlay((state) => state.stack.includes('deviceHelp'));
  return (
    <Suspense fallback={null}>
      {deviceCode !== null && <DevicePlayingModal />}
      {helpOpened && <DeviceHelpModal />}
    </Suspense>
  );
}
