import { useEffect, useRef } from 'react';
import { useBlocker, useLocation, useNavigationType } from 'react-router';
import { verifySession } from '../auth/session';
import { useAuth } from '../auth/store';
import { useOverlay } from './useOverlay';

/**
 * Back navigation (SPEC.md section 2): with an overlay open, Back closes the topmost one and the page stays;
 * otherwise the page changes and the session is checked with the server (the cookie is HttpOnly,
 * so only the server can tell whether it is gone; a 401 sends the user to login). Any other
 * navigation closes an open overlay too.
 */
export function useBackNavigation(): void {
  const blocker = useBlocker(({ historyAction }) => historyAction === 'POP' && useOverlay.getState().open !== null);

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    useOverlay.getState().closeTop();
    blocker.reset();
  }, [blocker]);

  const location = useLocation();
  const navigationType = useNavigationType();
  const lastKey = useRef(location.key);

  useEffect(() => {
    if (lastKey.current === location.key) return;
    lastKey.current = location.key;
    useOverlay.getState().close();
    if (navigationType === 'POP' && useAuth.getState().user) void verifySession();
  }, [location.key, navigationType]);
}
