import type { TManifest } from '@signage/agent-client';
import { el } from './dom';

/** The idle screen: the clock in the store's zone and the store name, when no schedule plays. */
export class IdleScreen {
  readonly root = el('section', { className: 'screen', hidden: true });
  private readonly clock = el('p', { className: 'clock' });
  private readonly storeName = el('p', { className: 'store' });
  private readonly formats = new Map<string, Intl.DateTimeFormat>();

  constructor(
    hint: string,
    private readonly lang: string,
  ) {
    this.root.append(this.clock, this.storeName, el('p', { className: 'hint', textContent: hint }));
  }

  draw(manifest: TManifest | null, now: Date): void {
    const zone = manifest?.time_zone ?? '';
    let format = this.formats.get(zone);
    if (!format) {
      format = new Intl.DateTimeFormat(this.lang, {
        ...(zone ? { timeZone: zone } : {}),
        hour: '2-digit',
        minute: '2-digit',
      });
      this.formats.set(zone, format);
    }
    setText(this.clock, format.format(now));
    setText(this.storeName, manifest?.fallback.store_name ?? '');
  }
}

/** Text is replaced only when it changes (no new text node every second). */
function setText(node: HTMLElement, text: string): void {
  if (node.textContent !== text) node.textContent = text;
}
