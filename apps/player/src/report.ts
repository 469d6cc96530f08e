import type { TDeliveryReport, TManifest } from '@signage/agent-client';
import type { MediaFiles } from './files';
import type { OnScreenNow } from './screen';

/** The heartbeat's delivery report: what is applied and pending, what is on screen, downloads and storage. */
export async function deliveryReport(facts: {
  applied: string | null;
  manifest: TManifest | null;
  shown: OnScreenNow;
  files: MediaFiles;
  skew: number | null;
  version: string;
}): Promise<TDeliveryReport> {
  const { applied, manifest, shown, files, skew } = facts;
  const estimate = await navigator.storage?.estimate?.().catch(() => undefined);
  return {
    applied_version: applied,
    pending_version: manifest && manifest.version !== applied ? manifest.version : null,
    on_screen: {
      kind: shown.item ? 'schedule' : 'idle',
      schedule_id: shown.schedule?.schedule_id ?? null,
      content_id: shown.item?.content_id ?? null,
      live: shown.live,
      since: new Date(shown.since - (skew ?? 0)).toISOString(),
    },
    download: files.download,
    cache_bytes: files.bytes(),
    quota_bytes: estimate?.quota ? Math.round(estimate.quota) : null,
    clock_skew_ms: skew === null ? null : Math.round(skew),
    player_version: facts.version,
  };
}
