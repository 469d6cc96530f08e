/** The contents module: media contents, their uploads (multipart and tus) and their files. */
export { cleanUploadLeftovers, createMediaDeps } from './media-deps';
export { contentsRoutes } from './routes';
export { uploadsRoutes } from './tus';
export type { ContentUsageCheck } from './usage';
