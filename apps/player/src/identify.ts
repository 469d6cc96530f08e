import { IDENTIFY_SECONDS, type TIdentifyShown } from '@signage/domain';
import { el } from './dom';

/** 'Identify' (issue 29 item 5): the store code, store name and player name over everything for 30 s. */
export class IdentifyOverlay {
  readonly root = el('section', { className: 'identify', hidden: true });
  private timer: ReturnType<typeof setTimeout> | undefined;

  show(shown: TIdentifyShown, labels: { storeCode: string; player: string }): void {
    this.root.replaceChildren(
      el('p', { className: 'identify-code', textContent: `${labels.storeCode} ${shown.store_code}` }),
      el('p', { className: 'identify-store', textContent: shown.store_name }),
      el('p', { className: 'identify-player', textContent: `${labels.player} ${shown.player_name}` }),
    );
    this.root.hidden = false;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.hide(), IDENTIFY_SECONDS * 1000);
  }

  hide(): void {
    clearTimeout(this.timer);
    this.root.hidden = true;
  }
}
