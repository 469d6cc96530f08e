import { BambuserProvider } from './bambuser';
import { SelfHostedProvider } from './selfhosted';
import type { LiveProvider, LiveProviderId } from './types';

export interface LiveProvidersConfig {
  /** BAMBUSER_API_KEY: offers Bambuser when set. */
  bambuserApiKey?: string;
  /** BAMBUSER_BASE_URL: overrides https://api.bambuser.com. */
  bambuserBaseUrl?: string;
  /** LIVE_RTMP_URL and LIVE_HLS_URL: offer the self-hosted RTMP server when both are set. */
  liveRtmpUrl?: string;
  liveHlsUrl?: string;
}

/** What a laptop without any live settings gets: a local RTMP server (MediaMTX / nginx-rtmp defaults). */
export const LOCAL_SELF_HOSTED = {
  rtmpIngestUrl: 'rtmp://localhost:1935/live',
  hlsBaseUrl: 'http://localhost:8080/live',
} as const;

function checkUrl(name: string, value: string, protocols: string[]): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${name} is not a URL: '${value}'`);
  }
  if (!protocols.includes(url.protocol)) {
    throw new Error(`${name} must start with ${protocols.map((p) => `${p}//`).join(' or ')}, got '${value}'`);
  }
  return value;
}

/**
 * The live platforms the console offers, in picker order: Bambuser when its API key is set, the self-hosted
 * RTMP server when both of its URLs are set; with nothing configured, the self-hosted one on localhost so a
 * development machine works. Half a self-hosted configuration is an error rather than a silent default.
 */
export function createLiveProviders(config: LiveProvidersConfig): LiveProvider[] {
  const providers: LiveProvider[] = [];
  const apiKey = config.bambuserApiKey?.trim();
  if (apiKey) {
    const baseUrl = config.bambuserBaseUrl?.trim()
      ? checkUrl('BAMBUSER_BASE_URL', config.bambuserBaseUrl.trim(), ['http:', 'https:'])
      : undefined;
    providers.push(new BambuserProvider({ apiKey, baseUrl }));
  }
  const rtmp = config.liveRtmpUrl?.trim();
  const hls = config.liveHlsUrl?.trim();
  if (Boolean(rtmp) !== Boolean(hls)) {
    throw new Error('LIVE_RTMP_URL and LIVE_HLS_URL go together: set both for a self-hosted RTMP server, or neither');
  }
  if (rtmp && hls) {
    providers.push(
      new SelfHostedProvider({
        rtmpIngestUrl: checkUrl('LIVE_RTMP_URL', rtmp, ['rtmp:', 'rtmps:']),
        hlsBaseUrl: checkUrl('LIVE_HLS_URL', hls, ['http:', 'https:']),
      }),
    );
  }
  if (providers.length === 0) providers.push(new SelfHostedProvider(LOCAL_SELF_HOSTED));
  return providers;
}

/** The provider with this id among the configured ones, or undefined (the form named a platform not offered). */
export function findLiveProvider(providers: LiveProvider[], id: string): LiveProvider | undefined {
  return providers.find((provider) => provider.id === (id as LiveProviderId));
}
