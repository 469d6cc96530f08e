import { USER_CONTRACTS } from '@signage/domain';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../api';
import { queryClient } from '../queryClient';
import { clearAllScreenState } from '../screenState';
import { useBanner } from '../shell/useBanner';
import { useOverlay } from '../shell/useOverlay';
import { useAuth } from './store';

export const sessionKeys = {
  me: ['users', 'me'] as const,
};

/** The user behind the session cookie; 401 without a session. */
export function meQueryOptions() {
  return queryOptions({
    queryKey: sessionKeys.me,
    queryFn: ({ signal }) => call(USER_CONTRACTS.me, { signal, anonymous: true }),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function logout(userId: string): Promise<unknown> {
  return call(USER_CONTRACTS.logout, { params: { userId }, anonymous: true });
}

let restoring: Promise<void> | null = null;

/**
 * Restores the session behind the cookie once, at start, before routing decides where the user
 * may go. Resolves when the auth store is ready, signed in or not.
 */
export function restoreSession(): Promise<void> {
  if (useAuth.getState().ready) return Promise.resolve();
  restoring ??= queryClient
    .fetchQuery(meQueryOptions())
    .then((user) => useAuth.getState().setUser(user))
    .catch(() => useAuth.getState().clear())
    .finally(() => {
      restoring = null;
    });
  return restoring;
}

/** Asks the server whether the session still stands; a 401 ends it through the API client. */
export function verifySession(): Promise<void> {
  return call(USER_CONTRACTS.me).then(
    (user) => useAuth.getState().setUser(user),
    () => undefined,
  );
}

/** Forgets everything this browser holds for the session: user, cached answers, screen state, banner, overlays. */
export function resetLocalSession(): void {
  useAuth.getState().clear();
  queryClient.clear();
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
