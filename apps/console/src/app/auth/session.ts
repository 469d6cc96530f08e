import { useAuth } from '../../lib/authStore';
import { useOverlay } from '../../ui/useOverlay';
import { clearAllScreenState } from '../screenState';
import { useBanner } from '../shell/useBanner';
import { fetchMe, signOut } from './client';

export function logout(userId: string): Promise<unknown> {
  return signOut(userId);
}

let restoring: Promise<void> | null = null;

/**
 * Restores the session behind the cookie once, at start, before routing decides where the user
 * may go. Resolves when the auth store is ready, signed in or not.
 */
export function restoreSession(): Promise<void> {
  if (useAuth.getState().ready) return Promise.resolve();
  restoring ??= fetchMe({ anonymous: true })
    .then((user) => useAuth.getState().setUser(user))
    .catch(() => useAuth.getState().clear())
    .finally(() => {
      restoring = null;
    });
  return restoring;
}

/** Asks the server whether the session still stands; a 401 ends it through the API client. */
export function verifySession(): Promise<void> {
  return fetchMe().then(
    (user) => useAuth.getState().setUser(user),
    () => undefined,
  );
}

const resets = new Set<() => void>();

/**
 * Adds what else to forget when the local session ends. The data cache registers itself here when it
 * loads (queryClient.ts) rather than being imported: the first load of /login carries no data-cache code.
 */
export function onLocalSessionReset(reset: () => void): void {
  resets.add(reset);
}

/** Forgets everything this browser holds for the session: user, cached answers, screen state, banner, overlays. */
export function resetLocalSession(): void {
  useAuth.getState().clear();
  for (const reset of resets) reset();
  clearAllScreenState();
  useBanner.getState().hide();
  useOverlay.getState().close();
}

/**
 * Entry to login or the SSO response: the session ends (on the server too, errors ignored)
 * and all stored screen state is reset (SPEC.md section 2).
 */
export async function endSession(): Promise<void> {
  await restoreSession();
  const user = useAuth.getState().user;
  if (user) await logout(user.userId).catch(() => undefined);
  resetLocalSession();
}
