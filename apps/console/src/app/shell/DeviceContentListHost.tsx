import { lazy, Suspense } from 'react';
import { useDeviceContentList } from './deviceContentList';

const DeviceContentListModal = lazy(() => import('../../features/schedules/contentList/DeviceContentListModal'));

/** Mounts the device content list (its code loads the first time it opens) once a player was chosen. */
export function DeviceContentListHost() {
  const deviceCode = useDeviceContentList((state) => state.deviceCode);
  if (deviceCode === null) return null;
  return (
    <Suspense fallback={null}>
      <DeviceContentListModal />
    </Suspense>
  );
}
