export { ingestHost } from './address';
export { BAMBUSER_DEFAULT_BASE_URL, BambuserProvider, type BambuserProviderOptions } from './bambuser';
export { createLiveIngest } from './ingest/create';
export { EmbeddedIngest } from './ingest/embedded';
export { ExternalIngest, NoIngest } from './ingest/external';
export { hlsContentType, isPlaylist } from './ingest/hls';
export { HLS_SETTINGS, ingestPaths, UPDATE_SECONDS } from './ingest/nginxConfig';
export {
  type HlsFile,
  type HlsSource,
  type IngestState,
  type LiveIngest,
  STREAM_KEY_PATTERN,
} from './ingest/types';
export { sameStreamKey, streamKeyHash } from './keys';
export { createLiveProviders, findLiveProvider, type LiveProvidersConfig } from './providers';
export { newStreamKey, SelfHostedProvider } from './selfhosted';
export {
  type CreateStreamInput,
  type LiveProvider,
  LiveProviderError,
  type LiveProviderId,
  type LiveStream,
} from './types';
