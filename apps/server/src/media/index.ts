export { type LocateOptions, locateFfmpeg, locateFfprobe } from './binaries';
export { type MediaProbe, type ProbeOptions, probeMedia } from './probe';
export {
  type InspectedUpload,
  inspectUpload,
  type ProcessedUpload,
  type ProcessUploadOptions,
  processUpload,
} from './process-upload';
export { type RunOptions, type RunResult, runTool, ToolError } from './run';
export { type ServeOptions, sendBlob } from './serve';
export { readFileHead, SNIFF_LENGTH, type SniffedType, sniffMediaType } from './sniff';
export {
  makeThumbnail,
  THUMBNAIL_BOX,
  THUMBNAIL_CONTENT_TYPE,
  type Thumbnail,
  type ThumbnailOptions,
  thumbnailTime,
} from './thumbnail';
export {
  ACCEPTED_EXTENSIONS,
  ACCEPTED_TYPES,
  type AcceptedUpload,
  checkUpload,
  extensionOf,
  isTooLarge,
  type MediaKind,
  MediaRejectedError,
  type RejectedUpload,
  type RejectionReason,
} from './upload-rules';
