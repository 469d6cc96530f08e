/** The floor map module: a store's floor plan, served to the console and put by the CLI. */

export { floorMapBlobOwner } from './blobs';
export { FLOORMAP_HELP, runFloorMapCommand } from './cli';
export { floorMapRoutes } from './routes';
export { floorMapPresence } from './service';
