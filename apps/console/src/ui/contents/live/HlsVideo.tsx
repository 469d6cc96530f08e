import type { HlsConfig } from 'hls.js';
import { useEffect, useRef } from 'react';

/**
 * hls.js for a console preview: the default load retries, a bounded back buffer (a preview may stay open for
 * hours) and the live edge three segments back, which nginx-rtmp's playlists always have once on air.
 */
const HLS_CONFIG: Partial<HlsConfig> = {
  backBufferLength: 30,
  liveSyncDurationCount: 3,
};

/** A playing video whose time has not moved for this long is stuck (a cut publisher, a lost playlist). */
export const STALL_MS = 15_000;
const STALL_CHECK_MS = 1000;

type HlsVideoProps = {
  src: string;
  /** Shown until the first frame: never a black box. */
  poster?: string;
  label: string;
  maxHeight: number | string;
  /** Playback cannot go on: a fatal hls.js error, a media error, or a stall. Called at most once. */
  onFailure: () => void;
};

/** Calls `fail` once a video that should be playing has not advanced for STALL_MS (paused by the user is fine). */
function watchStall(video: HTMLVideoElement, fail: () => void): () => void {
  let last = video.currentTime;
  let stillSince = Date.now();
  const timer = window.setInterval(() => {
    if (video.paused || video.ended || video.currentTime !== last) {
      last = video.currentTime;
      stillSince = Date.now();
    } else if (Date.now() - stillSince >= STALL_MS) fail();
  }, STALL_CHECK_MS);
  return () => window.clearInterval(timer);
}

/**
 * An HLS stream, muted and playing by itself with controls: hls.js (loaded on demand) where the browser has
 * Media Source Extensions, the browser's own HLS (Safari on iOS) otherwise. Any failure is reported once and the
 * parent decides what to show; unmounting stops loading at once.
 */
export function HlsVideo({ src, poster, label, maxHeight, onFailure }: HlsVideoProps) {
  const video = useRef<HTMLVideoElement>(null);
  const failure = useRef(onFailure);
  failure.current = onFailure;

  useEffect(() => {
    const element = video.current;
    if (!element) return;
    let done = false;
    let destroy = () => {};
    const fail = () => {
      if (done) return;
      done = true;
      failure.current();
    };
    const play = () =>
      Promise.resolve()
        .then(() => element.play())
        .catch(() => undefined);
    element.addEventListener('error', fail);
    const stopWatching = watchStall(element, fail);
    import('hls.js').then(({ default: Hls }) => {
      if (done) return;
      if (Hls.isSupported()) {
        const hls = new Hls(HLS_CONFIG);
        hls.on(Hls.Events.ERROR, (_event, data) => {
          if (data.fatal) fail();
        });
        hls.loadSource(src);
        hls.attachMedia(element);
        destroy = () => hls.destroy();
      } else if (element.canPlayType('application/vnd.apple.mpegurl')) {
        element.src = src;
      } else {
        fail();
        return;
      }
      void play();
    }, fail);
    return () => {
      done = true;
      stopWatching();
      element.removeEventListener('error', fail);
      destroy();
    };
  }, [src]);

  return (
    <video
      ref={video}
      aria-label={label}
      poster={poster}
      controls
      autoPlay
      muted
      playsInline
      style={{ display: 'block', width: '100%', maxHeight, background: '#000', borderRadius: 6 }}
    />
  );
}
