import type { TManifest } from '@signage/agent-client';
import { clockText } from './clock';
import { el } from './dom';

/**
 * The idle screen, when no schedule plays: the store's clock ('HH:mm', SPEC.md section 9; none before the first
 * manifest says which store) and the store name. `at` is on the server's clock (the player's less its skew).
 */
export class IdleScreen {
  readonly root = el('section', { className: 'screen', hidden: true });
  private readonly clock = el('p', { className: 'clock' });
  private readonly storeName = el('p', { className: 'store' });
  constructor(hint: string) {
    this.root.append(this.clock, this.storeName, el('p', { className: 'hint', textContent: hint }));
  }

  draw(manifest: TManifest | null, at: Date): void {
    setText(this.clock, clockText(at, manifest)?.minute ?? '');
    setText(this.storeName, manifest?.fallback.store_name ?? '');
  }
}

/** Text is replaced only when it changes (no new text node every second). */
function setText(node: HTMLElement, text: string): void {
  if (node.textContent !== text) node.textContent = text;
}
