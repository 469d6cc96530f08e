import { BambuserProvider } from './bambuser';
import type { LiveIngest } from './ingest/types';
import { SelfHostedProvider } from './selfhosted';
import type { LiveProvider, LiveProviderId } from './types';

export interface LiveProvidersConfig {
  /** BAMBUSER_API_KEY: offers Bambuser when set. */
  bambuserApiKey?: string;
  /** BAMBUSER_BASE_URL: overrides https://api.bambuser.com. */
  bambuserBaseUrl?: string;
  /** LIVE_RTMP_URL and LIVE_HLS_URL: nginx-rtmp run as its own service (both or neither; see live/ingest). */
  liveRtmpUrl?: string;
  liveHlsUrl?: string;
}

function checkHttpUrl(name: string, value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${name} is not a URL: '${value}'`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`${name} must start with http:// or https://, got '${value}'`);
  }
  return value;
}

/**
 * The live platforms the console offers, in picker order: Bambuser when its API key is set, our own RTMP
 * ingest whenever there is one (embedded when nothing is configured, or nginx as its own service).
 */
export function createLiveProviders(config: LiveProvidersConfig, ingest: LiveIngest): LiveProvider[] {
  const providers: LiveProvider[] = [];
  const apiKey = config.bambuserApiKey?.trim();
  if (apiKey) {
    const baseUrl = config.bambuserBaseUrl?.trim()
      ? checkHttpUrl('BAMBUSER_BASE_URL', config.bambuserBaseUrl.trim())
      : undefined;
    providers.push(new BambuserProvider({ apiKey, baseUrl }));
  }
  if (ingest.kind !== 'off') providers.push(new SelfHostedProvider(ingest));
  return providers;
}

/** The provider with this id among the configured ones, or undefined (the form named a platform not offered). */
export function findLiveProvider(providers: LiveProvider[], id: string): LiveProvider | undefined {
  return providers.find((provider) => provider.id === (id as LiveProviderId));
}
