/** The device logs module: the one owner of device_logs (players upload, DS_FRIT lists and downloads). */

export { logBlobOwner } from './blobs';
export { deviceLogsRoutes } from './routes';
export { storeUploadedLog } from './upload';
