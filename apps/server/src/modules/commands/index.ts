/**
 * The commands module: the one owner of device_commands and device_screenshots (issue 29 items 4 and 5).
 * Users who may edit a player ask it for a screenshot or a remote command (routes.ts); the player agent hands
 * the commands over and takes the answers and the screenshots through what this file exports.
 */

export { screenshotBlobOwner } from './blobs';
export { playbackErrorSinceSql } from './errors';
export { playbackErrorsSql } from './repo';
export { commandsRoutes } from './routes';
export { answerCommand, freshCommands, storeScreenshot } from './service';
