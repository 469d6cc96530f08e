import type { TManifestMedia, TManifestSchedule } from '@signage/domain';
import { el } from './dom';
import type { LiveView, LiveViewDeps } from './live/liveView';
import { filesOf, isLive, streamsOf } from './plan';
import type { PlayQueue } from './plays';
import type { Action, Seen } from './watchdog';

export type ScreenDeps = Omit<LiveViewDeps, 'shown'> & {
  queue: PlayQueue;
  /** The player's clock minus the server's, to date plays in server time. */
  skewMs: () => number;
  imageSeconds: number;
  /** A new item is on screen (the watchdog starts its history afresh). */
  fresh: () => void;
  /**
   * The store's UTC offset (minutes east) at a server-time moment, from the manifest: the zone plays are
   * stamped in is the store's, never the browser's. Without it (no manifest yet) the offset is 0.
   */
  storeOffset?: (at: Date) => number;
};

/** What the heartbeat and the status overlay say is on screen. */
export type OnScreenNow = {
  schedule: TManifestSchedule | null;
  item: TManifestMedia | null;
  since: number;
  /** A live schedule: its stream plays ('stream') or its live image stands in ('live_image'); null otherwise. */
  live: 'stream' | 'live_image' | null;
};

/**
 * The stage (issue 11, issue 14): the current schedule on screen. A schedule of files loops its images (for
 * imageSeconds) and videos (to their end), each prepared in the back layer and revealed when it can play, so no
 * black frame comes between them. A live schedule is handed to a LiveView. Every play is recorded: a file
 * each time it is shown; a stream each time it is on screen (its live image alone is not a play).
 */
export class Screen {
  private current: TManifestSchedule | null = null;
  private showing: TManifestMedia | null = null;
  private shownSince = Date.now();
  private readonly layers = [0, 1].map(() => el('div', { className: 'layer' }));
  private front = 0;
  private index = -1;
  /** An item is being prepared in the back layer (decoding, buffering): the loop waits for it. */
  private preparing = false;
  private loadingSince = 0;
  /** Bumped at every switch, so a reveal still pending from an earlier item or schedule is ignored. */
  private generation = 0;
  private itemTimer: ReturnType<typeof setTimeout> | undefined;
  private live: LiveView | null = null;
  private liveKey = '';
  /** A live schedule whose code (live/, imported on first use) is still loading: its first live image shows. */
  private livePending: { streams: TManifestMedia[]; retryAt: number } | null = null;

  constructor(
    readonly stage: HTMLElement,
    private readonly deps: ScreenDeps,
  ) {
    stage.append(...this.layers);
  }

  /** Every second: the schedule that should be on screen now (null: the idle screen). */
  play(next: TManifestSchedule | null): void {
    if (this.showing && this.live === null) this.deps.queue.progress(Date.now() - this.shownSince);
    // A live schedule is rebuilt when its streams or their rendering change (an edited title or prompt).
    const key =
      next && isLive(next)
        ? `${next.schedule_id}:${JSON.stringify(streamsOf(next).map((m) => [m.content_id, m.stream_url, m.live]))}`
        : '';
    if (next?.schedule_id !== this.current?.schedule_id || key !== this.liveKey) {
      this.clear();
      this.current = next;
      this.liveKey = key;
      if (next && key) this.startLive(next);
      else if (next) this.showNext();
      return;
    }
    this.current = next;
    if (this.livePending && Date.now() >= this.livePending.retryAt) this.loadLive(this.generation);
    if (this.live) {
      if (this.live.onScreen?.streaming) this.deps.queue.progress(Date.now() - this.shownSince);
      this.live.tick();
    } else if (next && !this.liveKey && !this.showing && !this.preparing) this.showNext();
  }

  get playing(): TManifestSchedule | null {
    return this.current;
  }

  /** The push channel's `live` event. */
  told(contentId: string, onAir: boolean): void {
    this.live?.told(contentId, onAir);
  }

  now(): OnScreenNow {
    const first = this.livePending?.streams[0];
    const onScreen = this.live?.onScreen ?? (first ? { item: first, streaming: false } : null);
    return {
      schedule: this.current,
      item: onScreen?.item ?? this.showing,
      since: this.shownSince,
      live: onScreen ? (onScreen.streaming ? 'stream' : 'live_image') : null,
    };
  }

  /** What the watchdog watches. */
  seen(): Pick<Seen, 'showing' | 'loadingSince'> {
    if (this.live) return { showing: this.live.seen(), loadingSince: null };
    // A live image while the live code loads: nothing that should advance.
    if (this.liveKey) return { showing: { kind: 'none' }, loadingSince: null };
    const onScreen = this.layers[this.front]?.firstElementChild;
    const showing: Seen['showing'] = !this.showing
      ? { kind: 'none' }
      : onScreen instanceof HTMLVideoElement
        ? { kind: 'video', time: onScreen.currentTime, ended: onScreen.ended }
        : { kind: 'image', since: this.shownSince, seconds: this.deps.imageSeconds };
    return { showing, loadingSince: this.preparing ? this.loadingSince : null };
  }

  /** Carries out what the watchdog decided. */
  act(action: Exclude<Action, { kind: 'none' } | { kind: 'reload-page' }>): void {
    if (action.kind === 'reload-stream') {
      this.live?.reload(action.reason);
      return;
    }
    const onScreen = this.layers[this.front]?.firstElementChild;
    if (action.kind === 'reload-video' && onScreen instanceof HTMLVideoElement) {
      const at = onScreen.currentTime;
      onScreen.load();
      onScreen.currentTime = at;
      void onScreen.play().catch(() => this.showNext());
    } else if (action.kind === 'skip') {
      this.preparing = false;
      this.showNext();
    }
  }

  dispose(): void {
    this.clear();
    this.current = null;
  }

  /**
   * A live schedule: its first stream's live image at once, then the live view once its code is loaded (a chunk
   * of its own, with hls.js in another, so stores that never show live never download either). Offline before
   * that code was ever cached, the live image stays and the import is tried again every 30 s.
   */
  private startLive(schedule: TManifestSchedule): void {
    const streams = streamsOf(schedule);
    const first = streams[0];
    if (!first) return;
    this.livePending = { streams, retryAt: Number.POSITIVE_INFINITY };
    this.showing = first;
    this.shownSince = Date.now();
    this.layers[this.front]?.replaceChildren(
      el('img', { src: this.deps.fileUrl(first.content_id), alt: '', className: 'media' }),
    );
    this.layers[this.front]?.classList.add('shown');
    this.loadLive(this.generation);
  }

  private loadLive(generation: number): void {
    const pending = this.livePending;
    if (!pending) return;
    pending.retryAt = Number.POSITIVE_INFINITY;
    import('./live/liveView').then(
      ({ LiveView }) => {
        if (generation !== this.generation || this.livePending !== pending) return;
        this.livePending = null;
        const live = new LiveView(pending.streams, {
          ...this.deps,
          shown: (item, streaming) => {
            this.deps.queue.close(Date.now() - this.shownSince);
            this.showing = item;
            this.shownSince = Date.now();
            this.deps.fresh();
            if (streaming) this.startPlay(item);
          },
        });
        this.live = live;
        for (const child of this.layers[this.front]?.children ?? []) release(child);
        this.layers[this.front]?.replaceChildren(live.root);
      },
      () => {
        if (this.livePending === pending) pending.retryAt = Date.now() + 30_000;
      },
    );
  }

  private startPlay(item: TManifestMedia): void {
    const started = new Date(this.shownSince - this.deps.skewMs());
    this.deps.queue.start({
      content_id: item.content_id,
      schedule_id: this.current?.schedule_id ?? null,
      started_at: started.toISOString(),
      utc_offset_minutes: this.deps.storeOffset?.(started) ?? 0,
    });
  }

  /** Ends what is on screen: the open play closes, timers stop, media elements let go of their files. */
  private clear(): void {
    this.generation += 1;
    this.deps.queue.close(Date.now() - this.shownSince);
    clearTimeout(this.itemTimer);
    this.live?.dispose();
    this.live = null;
    this.livePending = null;
    this.showing = null;
    this.preparing = false;
    this.index = -1;
    this.shownSince = Date.now();
    for (const layer of this.layers) {
      for (const child of layer.children) release(child);
      layer.replaceChildren();
      layer.classList.remove('shown');
    }
  }

  private elementFor(item: TManifestMedia): HTMLImageElement | HTMLVideoElement {
    const url = this.deps.fileUrl(item.content_id);
    if (item.type === 'movie') {
      const video = el('video', { src: url, muted: true, playsInline: true, preload: 'auto', className: 'media' });
      video.setAttribute('muted', '');
      return video;
    }
    return el('img', { src: url, alt: item.name, className: 'media' });
  }

  private showNext = (): void => {
    clearTimeout(this.itemTimer);
    this.deps.queue.close(Date.now() - this.shownSince);
    const files = this.current ? filesOf(this.current) : [];
    if (!this.current || files.length === 0) return;
    this.index = (this.index + 1) % files.length;
    const item = files[this.index] as TManifestMedia;
    const next = this.elementFor(item);
    const generation = ++this.generation;
    this.preparing = true;
    this.loadingSince = Date.now();
    const back = 1 - this.front;
    for (const child of this.layers[back]?.children ?? []) release(child);
    this.layers[back]?.replaceChildren(next);
    const reveal = () => {
      if (generation !== this.generation) return;
      this.preparing = false;
      this.deps.fresh();
      this.layers[back]?.classList.add('shown');
      this.layers[this.front]?.classList.remove('shown');
      for (const child of this.layers[this.front]?.children ?? []) release(child);
      this.layers[this.front]?.replaceChildren();
      this.front = back;
      this.showing = item;
      this.shownSince = Date.now();
      this.startPlay(item);
      if (next instanceof HTMLVideoElement) {
        next.onended = this.showNext;
        next.onerror = this.showNext;
        void next.play().catch(() => generation === this.generation && this.showNext());
      } else {
        this.itemTimer = setTimeout(this.showNext, this.deps.imageSeconds * 1000);
      }
    };
    if (next instanceof HTMLVideoElement) {
      next.oncanplay = () => {
        next.oncanplay = null;
        reveal();
      };
    } else
      next.decode().then(reveal, () => {
        if (generation !== this.generation) return;
        this.preparing = false;
        this.showNext();
      });
  };
}

/** A media element leaving the screen lets go of its file and decoder at once rather than at garbage collection. */
function release(node: Element): void {
  if (node instanceof HTMLVideoElement) {
    node.onended = null;
    node.onerror = null;
    node.oncanplay = null;
    node.pause();
    node.removeAttribute('src');
    node.load();
  } else if (node instanceof HTMLImageElement) {
    node.removeAttribute('src');
  }
}
