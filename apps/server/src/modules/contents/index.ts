/** The contents module: media contents, their uploads (multipart and tus) and their files. */
export { contentBlobOwner } from './blobs';
export { contentsProcessingSql } from './fleet';
export { cleanUploadLeftovers, createMediaDeps } from './media-deps';
export { type ContentView, presentContent } from './present';
export { type ContentProcessing, createContentProcessing } from './processing';
export {
  type ContentFilter,
  type ContentRow,
  findContent,
  findContentsById,
  findSelfHostedStreamByKey,
  listContents,
  lockLiveContents,
  replaceStreamKey,
} from './repo';
export { contentsRoutes } from './routes';
export { TYPES_BY_FILTER, visibleContent } from './service';
export { uploadsRoutes } from './tus';
export type { ContentUsageCheck } from './usage';
