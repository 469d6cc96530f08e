import type { TManifest } from '@signage/agent-client';
import type { TManifestEmergency, TManifestMedia } from '@signage/domain';
import { el } from './dom';
import type { PlayQueue } from './plays';

/** The emergency message's image, to download with the manifest whatever the download hour. */
export function emergencyFiles(manifest: TManifest | null): TManifestMedia[] {
  const media = manifest?.emergency?.media;
  return media?.url ? [media] : [];
}

/** The media the manifest needs kept: its schedules' and its emergency message's. */
export function neededMedia(manifest: TManifest): Set<string> {
  return new Set([...manifest.schedules.flatMap((s) => s.media), ...emergencyFiles(manifest)].map((m) => m.content_id));
}

/**
 * The emergency message due at `at` (server time): started and not ended; an image one once its image is
 * downloaded and verified (until then the schedule plays on).
 */
export function dueEmergency(
  manifest: TManifest | null,
  at: Date,
  verified: ReadonlySet<string>,
): TManifestEmergency | null {
  const due = manifest?.emergency;
  if (!due) return null;
  const now = at.getTime();
  if (Date.parse(due.starts_at) > now || Date.parse(due.ends_at) <= now) return null;
  if (due.kind === 'image' && !(due.media && verified.has(due.media.content_id))) return null;
  return due;
}

export type EmergencyDeps = {
  queue: PlayQueue;
  files: { url(contentId: string): string };
  skewMs: () => number;
  storeOffset: (at: Date) => number;
};

/**
 * An emergency message over everything (issue 29 item 6): the manifest's text or image, from its start to its
 * end (or until the server's manifest no longer carries it: cancelled). While it shows, the schedule is off the
 * screen (player.ts gives the screen nothing) and this records the play, with the emergency's id, so proof of
 * play says the message was on screen and for how long.
 */
export class EmergencyScreen {
  readonly root = el('section', { className: 'emergency', hidden: true });
  private shown: { id: string; since: number } | null = null;

  constructor(private readonly deps: EmergencyDeps) {}

  /** Every second: shows the due message (true: it covers the screen) or hides the one that is over. */
  draw(due: TManifestEmergency | null): boolean {
    if (!due) {
      this.hide();
      return false;
    }
    if (this.shown?.id === due.emergency_id) {
      this.deps.queue.progress(Date.now() - this.shown.since);
      return true;
    }
    this.hide();
    const image = due.kind === 'image' && due.media;
    this.root.classList.toggle('emergency-image', Boolean(image));
    this.root.replaceChildren(
      image
        ? el('img', { src: this.deps.files.url(image.content_id), alt: image.name, className: 'emergency-media' })
        : el('p', { className: 'emergency-text', textContent: due.text ?? '' }),
    );
    this.root.dataset.emergencyId = due.emergency_id;
    this.root.hidden = false;
    this.shown = { id: due.emergency_id, since: Date.now() };
    const started = new Date(Date.now() - this.deps.skewMs());
    this.deps.queue.start({
      content_id: image ? image.content_id : due.emergency_id,
      schedule_id: null,
      emergency_id: due.emergency_id,
      started_at: started.toISOString(),
      utc_offset_minutes: this.deps.storeOffset(started),
    });
    return true;
  }

  /** Off the screen; its play closes with how long it showed. */
  hide(): void {
    if (!this.shown) return;
    this.deps.queue.close(Date.now() - this.shown.since);
    this.shown = null;
    this.root.hidden = true;
    this.root.replaceChildren();
    delete this.root.dataset.emergencyId;
  }
}
