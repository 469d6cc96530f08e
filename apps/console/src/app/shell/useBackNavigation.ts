import { useEffect, useRef } from 'react';
import { useLocation, useNavigate, useNavigationType } from 'react-router';
import { useAuth } from '../../lib/authStore';
import { useOverlay } from '../../ui/useOverlay';
import { verifySession } from '../auth/session';

/**
 * The history entry an open overlay pushes carries the overlay (for reading) and how many overlays were
 * open with it, nested pickers included: Back to an entry keeps that many and closes the rest.
 */
const OVERLAY_STATE_KEY = 'overlay';
const DEPTH_STATE_KEY = 'overlayDepth';

function depthOfEntry(state: unknown): number {
  if (typeof state !== 'object' || state === null) return 0;
  const value = (state as Record<string, unknown>)[DEPTH_STATE_KEY];
  return typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : 0;
}

/**
 * Back navigation (SPEC.md section 2): with an overlay open, Back closes the topmost one (a picker over
 * a drawer first, then the drawer) and the page stays; otherwise the page changes and the session is
 * checked with the server (the cookie is HttpOnly, so only the server can tell whether it is gone; a 401
 * sends the user to login). Any other navigation closes every open overlay.
 *
 * Each overlay that opens pushes a history entry of its own (same address), so Back has something to
 * pop inside the console even right after a direct load or a reload, when the page is the first
 * entry. An overlay closed another way leaves its entry in place (a later overlay at that depth
 * reuses it): taking it off with a Back of our own would race the navigation a dialog's action or
 * a logout starts at the same moment. The price is one Back that stays on the same page.
 */
export function useBackNavigation(): void {
  const navigate = useNavigate();
  const location = useLocation();
  const navigationType = useNavigationType();
  const open = useOverlay((state) => state.open);
  const depth = useOverlay((state) => state.stack.length);
  const entryDepth = depthOfEntry(location.state);
  const lastKey = useRef(location.key);

  useEffect(() => {
    if (lastKey.current === location.key) return;
    lastKey.current = location.key;
    const overlays = useOverlay.getState();
    const openNow = overlays.stack.length;
    // Our own push for the overlay just opened (or Forward onto the entry of what is open).
    if (entryDepth > 0 && entryDepth === openNow) return;
    if (navigationType !== 'POP') {
      overlays.close();
      return;
    }
    if (openNow > entryDepth) {
      overlays.closeTo(entryDepth);
      return;
    }
    if (useAuth.getState().user) void verifySession();
  }, [location.key, navigationType, entryDepth]);

  useEffect(() => {
    // The effect above may just have closed overlays: act on the next render, not on this stale one.
    if (open === null || depth <= entryDepth || useOverlay.getState().stack.length !== depth) return;
    const state = typeof location.state === 'object' && location.state !== null ? location.state : {};
    navigate(`${location.pathname}${location.search}${location.hash}`, {
      state: { ...state, [OVERLAY_STATE_KEY]: open, [DEPTH_STATE_KEY]: entryDepth + 1 },
    });
  }, [open, depth, entryDepth, location, navigate]);
}
