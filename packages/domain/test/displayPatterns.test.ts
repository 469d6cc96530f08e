import { describe, expect, it } from 'vitest';
import { contentFitsPlayer, DISPLAY_PATTERN_VALUES, patternsRefusing } from '../src';

describe('contentFitsPlayer', () => {
  it('takes a content on a player of its own pattern', () => {
    for (const pattern of DISPLAY_PATTERN_VALUES) expect(contentFitsPlayer(pattern, pattern)).toBe(true);
  });

  it('takes single-screen Multi,CW and 1x1v contents on a combined player, and nothing else across patterns', () => {
    const fits = DISPLAY_PATTERN_VALUES.flatMap((content) =>
      DISPLAY_PATTERN_VALUES.filter((player) => player !== content && contentFitsPlayer(content, player)).map(
        (player) => `${content} -> ${player}`,
      ),
    );
    expect(fits.sort()).toEqual(['1x1v -> Multi,CW&1x1v', 'Multi,CW -> Multi,CW&1x1v']);
  });
});

describe('patternsRefusing', () => {
  it('names each player pattern that cannot take the content, once, and none when every player can', () => {
    expect(patternsRefusing('1x1v', ['Multi,CW', 'Multi,CW&1x1v', 'Multi,CW', 'LED'])).toEqual(['Multi,CW', 'LED']);
    expect(patternsRefusing('Multi,CW', ['Multi,CW', 'Multi,CW&1x1v'])).toEqual([]);
    expect(patternsRefusing('Multi,CW&1x1v', ['Multi,CW&1x1v'])).toEqual([]);
    expect(patternsRefusing('2x1', [])).toEqual([]);
  });
});
