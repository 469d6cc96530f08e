import path from 'node:path';
import type { Config } from '../../config';
import { EmbeddedIngest } from './embedded';
import { ExternalIngest, NoIngest } from './external';
import type { LiveIngest } from './types';

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

/** Written into nginx's hook addresses as a query value: URL-safe, and long enough not to be guessed. */
const HOOK_SECRET = /^[A-Za-z0-9_-]{32,256}$/;

/**
 * The ingest the configuration asks for: nginx as its own service when LIVE_RTMP_URL and LIVE_HLS_URL are
 * set (then LIVE_HOOK_SECRET too); none when another platform is configured or LIVE_INGEST=off; otherwise
 * the embedded nginx. A wrong setting throws (the server refuses to start with the message).
 */
export function createLiveIngest(config: Pick<Config, 'dataDir' | 'host' | 'live'>): LiveIngest {
  const { live } = config;
  const rtmp = live.liveRtmpUrl?.trim();
  const hls = live.liveHlsUrl?.trim();
  if (Boolean(rtmp) !== Boolean(hls)) {
    throw new Error(
      'LIVE_RTMP_URL and LIVE_HLS_URL go together: set both for nginx run as its own service, or neither',
    );
  }
  if (rtmp && hls) {
    // 'new,old' during a rotation: both are accepted until nginx has been given the new one (docs/operations.md).
    const secrets = (live.hookSecret ?? '').split(',').map((secret) => secret.trim());
    if (secrets.length > 2 || !secrets.every((secret) => HOOK_SECRET.test(secret))) {
      throw new Error(
        'LIVE_HOOK_SECRET must be set with LIVE_RTMP_URL: 32 to 256 letters, digits, - or _ (e.g. `openssl rand -hex 32`), ' +
          "the same as in the nginx configuration; during a rotation 'new,old' accepts both",
      );
    }
    if (!/^https?:\/\//i.test(hls) && !path.isAbsolute(hls)) {
      throw new Error(`LIVE_HLS_URL must be the HLS folder's path or an http(s) address, got '${hls}'`);
    }
    return new ExternalIngest({
      rtmpUrl: checkUrl('LIVE_RTMP_URL', rtmp, ['rtmp:', 'rtmps:']).replace(/\/+$/, ''),
      hlsLocation: /^https?:\/\//i.test(hls) ? checkUrl('LIVE_HLS_URL', hls, ['http:', 'https:']) : hls,
      hookSecrets: secrets,
      controlUrl: live.controlUrl ? checkUrl('LIVE_CONTROL_URL', live.controlUrl, ['http:', 'https:']) : undefined,
    });
  }
  if (live.ingest === 'off' || live.bambuserApiKey?.trim()) return new NoIngest();
  return new EmbeddedIngest({
    dataDir: config.dataDir,
    listenHost: config.host,
    rtmpPort: live.rtmpPort,
    nginxPath: live.nginxPath,
    modulePath: live.nginxModule,
  });
}
