/**
 * Display patterns (SPEC.md section 3). `value` travels on the wire and in the database,
 * `label` is what a person sees. The combined pattern has no aspect ratio of its own in the
 * spec: it drives two screens (16:9 and 9:16), so it carries none here.
 */
export const DISPLAY_PATTERNS = [
  { value: 'Multi,CW', label: 'Multi,CW', aspect: '16-9', liveAllowed: true },
  { value: '1x1v', label: '1x1v', aspect: '9-16', liveAllowed: true },
  { value: 'Multi,CW&1x1v', label: '1x1h&1x1v', aspect: null, liveAllowed: true },
  { value: '1x4(2x8inc)', label: '1x4(2x8inc)', aspect: '4-9', liveAllowed: false },
  { value: '2x1', label: '2x1', aspect: '32-9', liveAllowed: false },
  { value: 'LED', label: 'LED', aspect: '16-9', liveAllowed: false },
] as const;

export type DisplayPattern = (typeof DISPLAY_PATTERNS)[number]['value'];
export const DISPLAY_PATTERN_VALUES = DISPLAY_PATTERNS.map((p) => p.value) as [DisplayPattern, ...DisplayPattern[]];

export function isDisplayPattern(value: unknown): value is DisplayPattern {
  return typeof value === 'string' && (DISPLAY_PATTERN_VALUES as readonly string[]).includes(value);
}

export function displayPatternLabel(value: string): string {
  return DISPLAY_PATTERNS.find((p) => p.value === value)?.label ?? value;
}

/** Live layout Multielement is not offered with the combined pattern (SPEC.md section 4). */
export function multielementAllowed(pattern: DisplayPattern): boolean {
  return pattern !== 'Multi,CW&1x1v';
}

/** The combined pattern: one player driving a 16:9 and a 9:16 screen. */
export const COMBINED_DISPLAY_PATTERN = 'Multi,CW&1x1v';

/**
 * Whether a content made for `contentPattern` may play on a player of `playerPattern`: the same pattern,
 * or a single-screen content (Multi,CW or 1x1v) on a combined player, which shows it on the matching
 * screen. A combined content needs both screens, so it plays on combined players only.
 */
export function contentFitsPlayer(contentPattern: string, playerPattern: string): boolean {
  if (contentPattern === playerPattern) return true;
  return playerPattern === COMBINED_DISPLAY_PATTERN && (contentPattern === 'Multi,CW' || contentPattern === '1x1v');
}

/**
 * The display patterns among `playerPatterns` that cannot take a content of `contentPattern`, each once:
 * a schedule's content must fit every player it plays on, so a picker marks a content with any (issue 31).
 */
export function patternsRefusing(contentPattern: string, playerPatterns: readonly string[]): string[] {
  return [...new Set(playerPatterns)].filter((player) => !contentFitsPlayer(contentPattern, player));
}
