import type { TManifestLive } from '@signage/domain';
import { describe, expect, it } from 'vitest';
import { PLAYER_TEXTS } from '../src/i18n';
import { elapsedText, liveLookOf, pickStream } from '../src/live/liveLook';

const texts = PLAYER_TEXTS.en;
const fullscreen: TManifestLive = {
  layout: 'Fullscreen',
  title: '',
  output_width: 608,
  output_height: 1080,
  logo_position: 'lower_right',
  prompt: 'The sale starts at 15:00',
  dashboard: 'show',
};
const multi: TManifestLive = {
  layout: 'Multielement',
  title: 'Spring sale live',
  output_width: 1280,
  output_height: 720,
  logo_position: null,
  prompt: '',
  dashboard: 'hide',
};

describe('how a live content looks on screen', () => {
  it('Fullscreen: the box has the output aspect, the mark sits in its corner, the prompt shows only off air', () => {
    const off = liveLookOf(fullscreen, 'off_air', texts, 0);
    expect(off).toMatchObject({
      layout: 'fullscreen',
      aspect: 608 / 1080,
      mark: { corner: 'lower_right', onAir: false },
      prompt: 'The sale starts at 15:00',
      dashboard: 'Off air',
      // The mark is in a lower corner: the dashboard goes to the top edge.
      dashboardEdge: 'top',
    });
    const on = liveLookOf(fullscreen, 'on_air', texts, 754_000);
    expect(on).toMatchObject({
      mark: { corner: 'lower_right', onAir: true },
      prompt: null,
      dashboard: 'On air · 12:34',
    });
    // Connecting or covering a still frame: still the live image with its prompt.
    expect(liveLookOf(fullscreen, 'connecting', texts, 0).prompt).toBe('The sale starts at 15:00');
    expect(liveLookOf(fullscreen, 'frozen', texts, 0).mark?.onAir).toBe(false);
  });

  it('Multielement: the title and the state beside the stream, the live image beside it while it plays', () => {
    expect(liveLookOf(multi, 'on_air', texts, 0)).toMatchObject({
      layout: 'multielement',
      aspect: 16 / 9,
      mark: null,
      prompt: null,
      title: 'Spring sale live',
      state: 'LIVE',
      sideImage: true,
      dashboard: null,
    });
    expect(liveLookOf(multi, 'off_air', texts, 0)).toMatchObject({ state: 'Off air', sideImage: false });
    // Its dashboard, when shown, says how long it has been on air; off air the panel's state says it already.
    const shown = { ...multi, dashboard: 'show' as const };
    expect(liveLookOf(shown, 'on_air', texts, 61_000).dashboard).toBe('On air · 01:01');
    expect(liveLookOf(shown, 'off_air', texts, 0).dashboard).toBeNull();
    expect(liveLookOf({ ...fullscreen, logo_position: 'upper_left' }, 'off_air', texts, 0).dashboardEdge).toBe(
      'bottom',
    );
  });

  it('dashboard: only what the player knows (state, time on air as mm:ss, SPEC.md section 9), in every language', () => {
    for (const language of Object.values(PLAYER_TEXTS)) {
      const line = liveLookOf(fullscreen, 'on_air', language, 3_723_000).dashboard ?? '';
      expect(line).toContain('01:02:03');
      expect(line).not.toMatch(/view|watch/i);
    }
    expect(elapsedText(59_999)).toBe('00:59');
    expect(elapsedText(-5)).toBe('00:00');
  });

  it('picks the first stream on air in order, and keeps one that plays until it goes off air', () => {
    expect(pickStream(['off_air', 'off_air'], -1)).toBe(0);
    expect(pickStream(['off_air', 'available'], 0)).toBe(1);
    expect(pickStream(['available', 'on_air'], 1)).toBe(1);
    expect(pickStream(['available', 'off_air'], 1)).toBe(0);
    expect(pickStream(['off_air', 'off_air'], 1)).toBe(0);
  });
});
