import type { TManifestMedia } from '@signage/domain';
import { el } from '../dom';
import { HlsStream } from './hlsStream';
import { type LiveLook, type LiveTexts, liveLookOf, pickStream } from './liveLook';
import { type LiveEffect, LiveMachine, type LiveSignal } from './liveMachine';

export type ProbeResult = 'on' | 'off' | 'unreachable';

export type LiveViewDeps = {
  /** The server's origin, for the streams' playlist paths. */
  base: string;
  /** The device token: hls.js sends it with every request. */
  token: string;
  /** The object URL of a verified file (a stream's live image). */
  fileUrl: (contentId: string) => string;
  /** Asks the stream's playlist once: on air (200), off air (404, 403), or no answer. */
  probe: (streamUrl: string, signal: AbortSignal) => Promise<ProbeResult>;
  texts: LiveTexts;
  /** The stream on screen changed, or started or stopped playing (proof of play, heartbeat). */
  shown: (item: TManifestMedia, streaming: boolean) => void;
  log: (text: string) => void;
};

/**
 * A live schedule on the stage: one LiveMachine per stream, one of them on screen (the first on air in the
 * schedule's order, kept while it stays on air; with none on air, the first stream's live image). Carries out
 * the machines' effects: probes on timers, one hls.js attachment at a time. dispose() clears every timer,
 * aborts probes and destroys hls.js, so switching schedules leaks nothing.
 */
export class LiveView {
  readonly root: HTMLElement;
  private readonly machines: LiveMachine[];
  private readonly timers: (ReturnType<typeof setTimeout> | undefined)[];
  private readonly aborts: (AbortController | null)[];
  private chosen = -1;
  private stream: HlsStream | null = null;
  private disposed = false;
  private broadcastSince: number | null = null;
  private lastShown: { index: number; streaming: boolean } | null = null;
  private readonly video = el('video', {
    className: 'media live-video',
    muted: true,
    playsInline: true,
    autoplay: true,
  });
  private readonly image = el('img', { className: 'media live-image', alt: '' });
  private readonly box = el('div', { className: 'live-box' });
  private readonly prompt = el('p', { className: 'live-prompt' });
  private readonly mark = el('span', { className: 'live-mark' });
  private readonly dashboard = el('p', { className: 'live-dashboard' });
  private readonly title = el('h1', { className: 'live-title' });
  private readonly state = el('p', { className: 'live-state' });
  private readonly sideImage = el('img', { className: 'live-side-image', alt: '' });

  constructor(
    private readonly streams: TManifestMedia[],
    private readonly deps: LiveViewDeps,
    now: number = Date.now(),
  ) {
    this.video.setAttribute('muted', '');
    this.root = el('div', { className: 'live' });
    this.machines = streams.map(() => new LiveMachine(now));
    this.timers = streams.map(() => undefined);
    this.aborts = streams.map(() => null);
    this.machines.forEach((machine, index) => {
      this.run(index, machine.start());
    });
    this.repick(now);
  }

  /** The push channel's `live` event. */
  told(contentId: string, onAir: boolean): void {
    const now = Date.now();
    this.streams.forEach((item, index) => {
      if (item.content_id === contentId) this.signal(index, { kind: 'event', onAir }, now);
    });
  }

  /** Every second: the video's position for the chosen stream, timeouts, the dashboard's clock. */
  tick(now: number = Date.now()): void {
    const machine = this.machines[this.chosen];
    if (machine && this.stream) this.signal(this.chosen, { kind: 'frame', time: this.video.currentTime }, now);
    for (let index = 0; index < this.machines.length; index++) this.signal(index, { kind: 'tick' }, now);
    this.draw(now);
  }

  /** The watchdog saw the stream stall: hls.js goes, the live image shows, the playlist is probed. */
  reload(reason: string): void {
    this.deps.log(`live stream reloaded: ${reason}`);
    this.signal(this.chosen, { kind: 'failed' }, Date.now());
  }

  /** What the watchdog watches: the stream's position while it is meant to play; nothing over the live image. */
  seen(): { kind: 'stream'; time: number } | { kind: 'none' } {
    const phase = this.machines[this.chosen]?.phase;
    return phase === 'on_air' || phase === 'frozen'
      ? { kind: 'stream', time: this.video.currentTime }
      : { kind: 'none' };
  }

  /** The stream on screen and whether it plays (false: its live image). */
  get onScreen(): { item: TManifestMedia; streaming: boolean } | null {
    const item = this.streams[this.chosen];
    return item ? { item, streaming: this.machines[this.chosen]?.streaming ?? false } : null;
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    for (const timer of this.timers) clearTimeout(timer);
    for (const abort of this.aborts) abort?.abort();
    this.stream?.destroy();
    this.stream = null;
    this.root.replaceChildren();
  }

  private signal(index: number, signal: LiveSignal, now: number): void {
    const machine = this.machines[index];
    if (!machine || this.disposed) return;
    this.run(index, machine.on(signal, now));
    this.repick(now);
  }

  private run(index: number, effects: LiveEffect[]): void {
    for (const effect of effects) {
      if (effect.kind === 'probe') this.probeLater(index, effect.inMs);
      else if (effect.kind === 'connect') this.connect(index);
      else if (index === this.chosen) this.disconnect();
    }
  }

  private repick(now: number): void {
    const phases = this.machines.map((machine) => machine.phase);
    const next = pickStream(phases, this.chosen);
    if (next !== this.chosen) {
      this.disconnect();
      this.chosen = next;
      this.layout();
      this.run(next, this.machines[next]?.on({ kind: 'chosen' }, now) ?? []);
    } else if (this.machines[next]?.phase === 'available') {
      this.run(next, this.machines[next]?.on({ kind: 'chosen' }, now) ?? []);
    }
    this.draw(now);
  }

  private probeLater(index: number, inMs: number): void {
    clearTimeout(this.timers[index]);
    this.timers[index] = setTimeout(() => void this.probe(index), inMs);
  }

  private async probe(index: number): Promise<void> {
    const item = this.streams[index];
    if (!item?.stream_url || this.disposed) return;
    this.aborts[index]?.abort();
    const abort = new AbortController();
    this.aborts[index] = abort;
    const result = await this.deps.probe(item.stream_url, abort.signal).catch((): ProbeResult => 'unreachable');
    if (abort.signal.aborted) return;
    this.aborts[index] = null;
    this.signal(index, { kind: 'probe', result }, Date.now());
  }

  private connect(index: number): void {
    const item = this.streams[index];
    if (!item?.stream_url || index !== this.chosen) return;
    this.disconnect();
    const stream = new HlsStream(this.video, new URL(item.stream_url, this.deps.base).href, this.deps.token, (why) => {
      if (this.stream !== stream) return;
      this.deps.log(`live stream ${item.name} stopped: ${why}`);
      this.signal(index, { kind: 'failed' }, Date.now());
    });
    this.stream = stream;
    void stream.start();
  }

  private disconnect(): void {
    this.stream?.destroy();
    this.stream = null;
  }

  /** The chosen stream's layout and live image (when the chosen stream changes). */
  private layout(): void {
    const item = this.streams[this.chosen];
    if (!item?.live) return;
    const url = this.deps.fileUrl(item.content_id);
    this.image.src = url;
    this.sideImage.src = url;
    this.title.textContent = item.live.title;
    this.prompt.textContent = item.live.prompt;
    this.box.replaceChildren(this.image, this.video, this.prompt, this.mark);
    const multi = item.live.layout === 'Multielement';
    this.root.style.setProperty('--live-aspect', String(item.live.output_width / item.live.output_height || 16 / 9));
    const main = el('div', { className: 'live-main' }, this.box);
    const inner = el('div', { className: multi ? 'live-inner live-multielement' : 'live-inner live-fullscreen' }, main);
    if (multi)
      inner.append(el('aside', { className: 'live-side' }, this.title, this.state, this.sideImage, this.dashboard));
    else this.box.append(this.dashboard);
    this.root.replaceChildren(inner);
  }

  private draw(now: number): void {
    const machine = this.machines[this.chosen];
    const item = this.streams[this.chosen];
    if (!machine || !item?.live) return;
    const streaming = machine.streaming;
    if (streaming) this.broadcastSince ??= now;
    else if (machine.phase === 'off_air') this.broadcastSince = null;
    const look = liveLookOf(item.live, machine.phase, this.deps.texts, now - (this.broadcastSince ?? now));
    this.apply(look, streaming);
    if (this.lastShown?.index !== this.chosen || this.lastShown.streaming !== streaming) {
      this.lastShown = { index: this.chosen, streaming };
      this.deps.shown(item, streaming);
    }
  }

  private apply(look: LiveLook, streaming: boolean): void {
    this.box.classList.toggle('streaming', streaming);
    setText(this.prompt, look.prompt ?? '');
    this.prompt.hidden = look.prompt === null;
    this.mark.hidden = look.mark === null;
    if (look.mark) {
      this.mark.className = `live-mark ${look.mark.corner}${look.mark.onAir ? ' on-air' : ''}`;
      setText(this.mark, this.deps.texts.liveMark);
    }
    setText(this.state, look.state ?? '');
    this.state.classList.toggle('on-air', streaming);
    this.sideImage.hidden = !look.sideImage;
    this.dashboard.hidden = look.dashboard === null;
    this.dashboard.dataset.edge = look.dashboardEdge;
    setText(this.dashboard, look.dashboard ?? '');
  }
}

/** Text is replaced only when it changes (no new text node every second). */
function setText(node: HTMLElement, text: string): void {
  if (node.textContent !== text) node.textContent = text;
}
