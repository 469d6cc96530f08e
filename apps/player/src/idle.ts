import type { TManifest } from '@signage/agent-client';
import { clockText } from './clock';
import { el } from './dom';

/** The idle screen: the clock ('HH:mm', SPEC.md section 9) in the store's zone and the store name, when no schedule plays. */
export class IdleScreen {
  readonly root = el('section', { className: 'screen', hidden: true });
  private readonly clock = el('p', { className: 'clock' });
  private readonly storeName = el('p', { className: 'store' });
  constructor(hint: string) {
    this.root.append(this.clock, this.storeName, el('p', { className: 'hint', textContent: hint }));
  }

  draw(manifest: TManifest | null, now: Date): void {
    setText(this.clock, clockText(now, manifest?.time_zone ?? '').minute);
    setText(this.storeName, manifest?.fallback.store_name ?? '');
  }
}

/** Text is replaced only when it changes (no new text node every second). */
function setText(node: HTMLElement, text: string): void {
  if (node.textContent !== text) node.textContent = text;
}
