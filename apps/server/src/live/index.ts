export { BAMBUSER_DEFAULT_BASE_URL, BambuserProvider, type BambuserProviderOptions } from './bambuser';
export { createLiveProviders, findLiveProvider, type LiveProvidersConfig, LOCAL_SELF_HOSTED } from './providers';
export { newStreamKey, SelfHostedProvider, type SelfHostedProviderOptions } from './selfhosted';
export {
  type CreateStreamInput,
  type LiveProvider,
  LiveProviderError,
  type LiveProviderId,
  type LiveStream,
} from './types';
