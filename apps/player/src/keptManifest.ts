import type { TManifest } from '@signage/agent-client';

export const MANIFEST_KEY = 'signage.player.manifest';

/** The last manifest, kept in localStorage so that a reload without the server still knows the store and its zone. */
export function keptManifest(): TManifest | null {
  try {
    return JSON.parse(localStorage.getItem(MANIFEST_KEY) ?? 'null') as TManifest | null;
  } catch {
    return null;
  }
}
