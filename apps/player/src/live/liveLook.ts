import type { LogoPosition, TManifestLive } from '@signage/domain';
import type { LivePhase } from './liveMachine';

/**
 * What a live content looks like on the screen, from its registration (the manifest's `live`) and whether its
 * stream plays now. Pure, so that the rendering choices are tested; liveView.ts draws them.
 *
 * - The stream (or the live image standing in for it) is drawn in a box of output_width:output_height within
 *   the stage, as large as fits (object-fit: contain inside it).
 * - Fullscreen: the box fills the stage; the live mark sits in the registration's corner (red with the stream,
 *   grey over the live image: it names the channel, it does not claim to be on air); off air the prompt is
 *   written over the live image.
 * - Multielement: the box is the main element; beside it (below it on a portrait stage) a panel with the title,
 *   the state (LIVE or off air) and, while the stream plays, the live image as the show's picture.
 * - Dashboard 'show': the state and how long this broadcast has been on this screen (Multielement: only while
 *   on air, its panel already says off air). Nothing else is known to the player (no viewer count, no chat), so
 *   nothing else is shown.
 */
export type LiveLook = {
  layout: 'fullscreen' | 'multielement';
  /** Width over height of the box the stream is drawn in. */
  aspect: number;
  /** Fullscreen's live mark; null for Multielement. */
  mark: { corner: LogoPosition; onAir: boolean } | null;
  /** Fullscreen's prompt over the live image while off air; null otherwise. */
  prompt: string | null;
  /** Multielement's title; null for Fullscreen. */
  title: string | null;
  /** Multielement's state line. */
  state: string | null;
  /** Multielement: the live image beside the stream while it plays (off air it fills the main box). */
  sideImage: boolean;
  /** The dashboard's line; null when the registration hides it (or, Multielement, while its state says off air). */
  dashboard: string | null;
  /** Fullscreen: the dashboard sits at the edge away from the mark, so the two never overlap. */
  dashboardEdge: 'top' | 'bottom';
};

export type LiveTexts = { liveMark: string; offAir: string; onAirFor: string };

/** A duration in SPEC.md section 9's format, mm:ss, and HH:mm:ss from an hour on (the section's time of day). */
export function elapsedText(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  const two = (n: number) => String(n).padStart(2, '0');
  const h = Math.floor(seconds / 3600);
  const mmss = `${two(Math.floor((seconds % 3600) / 60))}:${two(seconds % 60)}`;
  return h > 0 ? `${two(h)}:${mmss}` : mmss;
}

export function liveLookOf(live: TManifestLive, phase: LivePhase, texts: LiveTexts, onAirMs: number): LiveLook {
  const streaming = phase === 'on_air';
  const aspect = live.output_width > 0 && live.output_height > 0 ? live.output_width / live.output_height : 16 / 9;
  const dashboard =
    live.dashboard === 'show'
      ? streaming
        ? texts.onAirFor.replace('{time}', elapsedText(onAirMs))
        : texts.offAir
      : null;
  if (live.layout === 'Multielement') {
    return {
      layout: 'multielement',
      aspect,
      mark: null,
      prompt: null,
      title: live.title || null,
      state: streaming ? texts.liveMark : texts.offAir,
      sideImage: streaming,
      dashboard: streaming ? dashboard : null,
      dashboardEdge: 'bottom',
    };
  }
  const corner = live.logo_position ?? 'upper_right';
  return {
    layout: 'fullscreen',
    aspect,
    mark: { corner, onAir: streaming },
    prompt: !streaming && live.prompt ? live.prompt : null,
    title: null,
    state: null,
    sideImage: false,
    dashboard,
    dashboardEdge: corner.startsWith('upper') ? 'bottom' : 'top',
  };
}

/** The stream to show among a schedule's streams (in order), given each one's phase and the one shown now. */
export function pickStream(phases: readonly LivePhase[], chosen: number): number {
  // Sticky: a stream that plays (or is being connected) stays until it goes off air.
  if (chosen >= 0 && chosen < phases.length && phases[chosen] !== 'off_air') return chosen;
  return Math.max(
    0,
    phases.findIndex((phase) => phase !== 'off_air'),
  );
}
