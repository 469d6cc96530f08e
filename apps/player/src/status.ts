import type { TManifest } from '@signage/agent-client';
import { clockText } from './clock';
import { el } from './dom';
import type { TextKey } from './i18n';
import { nextScheduleAt } from './plan';
import type { OnScreenNow } from './screen';

export type StatusFacts = {
  serial: string;
  version: string;
  manifest: TManifest | null;
  applied: string | null;
  /** When the server last answered, on the server's clock. */
  lastSync: Date | null;
  cacheBytes: number;
  shown: OnScreenNow;
};

/** 'YYYY-MM-DD HH:mm:ss' on the store's clock, like every time the player shows (SPEC.md section 9). */
function syncText(at: Date, manifest: TManifest | null): string {
  const text = clockText(at, manifest);
  return text ? `${text.date} ${text.second}` : '-';
}

/** The status overlay ('i' toggles it): serial, store, version, last sync, storage, what is on screen, next. */
export class StatusOverlay {
  readonly root = el('dl', { className: 'status', hidden: true });

  constructor(private readonly t: Record<TextKey, string>) {}

  get open(): boolean {
    return !this.root.hidden;
  }

  /** `at`: now on the server's clock (the player's less its skew), as what plays is decided. */
  toggle(facts: StatusFacts, at: Date): void {
    this.root.hidden = !this.root.hidden;
    this.draw(facts, at);
  }

  draw(facts: StatusFacts, at: Date): void {
    const { t, root } = this;
    const next = facts.manifest ? nextScheduleAt(facts.manifest, at) : null;
    const rows: [string, string][] = [
      [t.serial, facts.serial],
      [t.store, facts.manifest?.fallback.store_name ?? '-'],
      [t.version, facts.version],
      [t.plan, facts.applied?.slice(0, 12) ?? '-'],
      [t.lastSync, facts.lastSync ? syncText(facts.lastSync, facts.manifest) : '-'],
      [t.cache, `${Math.round(facts.cacheBytes / 1000)} KB`],
      [t.onScreen, this.onScreenText(facts.shown)],
      [t.next, next?.schedule_name ?? t.none],
    ];
    root.replaceChildren(...rows.flatMap(([k, v]) => [el('dt', { textContent: k }), el('dd', { textContent: v })]));
  }

  private onScreenText(shown: OnScreenNow): string {
    const { t } = this;
    if (!shown.item) return t.idle;
    if (shown.live === null) return shown.item.name;
    return `${shown.item.name} (${shown.live === 'stream' ? t.liveStreaming : t.liveImage})`;
  }
}
