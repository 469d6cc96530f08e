import { localDayOf, localTimeOf, type TManifest } from '@signage/domain';

/**
 * The player's clock texts in SPEC.md section 9's formats, 'YYYY-MM-DD', 'HH:mm' and 'HH:mm:ss' (24 hours),
 * on the store's clock: a moment on the server's clock (the player's own less the skew it measured, as what
 * plays is decided) read with the store's UTC offsets the manifest carries (rules/instants.ts), never the
 * browser's zone or locale (no '12:08 AM', no '11/28/2026', no hour of the device's zone). Null without a
 * manifest: the store, and so its clock, is not known yet.
 */
export type ClockText = { date: string; minute: string; second: string };

export function clockText(at: Date, manifest: Pick<TManifest, 'offsets'> | null): ClockText | null {
  if (!manifest) return null;
  const ms = at.getTime();
  const second = localTimeOf(manifest.offsets, ms);
  return { date: localDayOf(manifest.offsets, ms), minute: second.slice(0, 5), second };
}
