import { useEffect, useRef } from 'react';
import { useLocation, useNavigate, useNavigationType } from 'react-router';
import { verifySession } from '../auth/session';
import { useAuth } from '../auth/store';
import { type OverlayId, useOverlay } from './useOverlay';

/** The history entry an open overlay pushes carries this in its state. */
const OVERLAY_STATE_KEY = 'overlay';

function overlayOfEntry(state: unknown): OverlayId | null {
  if (typeof state !== 'object' || state === null) return null;
  const value = (state as Record<string, unknown>)[OVERLAY_STATE_KEY];
  return typeof value === 'string' ? (value as OverlayId) : null;
}

/**
 * Back navigation (SPEC.md section 2): with an overlay open, Back closes it and the page stays;
 * otherwise the page changes and the session is checked with the server (the cookie is HttpOnly,
 * so only the server can tell whether it is gone; a 401 sends the user to login). Any other
 * navigation closes an open overlay too.
 *
 * An overlay that opens pushes a history entry of its own (same address), so Back has something to
 * pop inside the console even right after a direct load or a reload, when the page is the first
 * entry. An overlay closed another way leaves its entry in place (a later overlay on that entry
 * reuses it): taking it off with a Back of our own would race the navigation a dialog's action or
 * a logout starts at the same moment. The price is one Back that stays on the same page.
 */
export function useBackNavigation(): void {
  const navigate = useNavigate();
  const location = useLocation();
  const navigationType = useNavigationType();
  const open = useOverlay((state) => state.open);
  const entryOverlay = overlayOfEntry(location.state);
  const lastKey = useRef(location.key);

  useEffect(() => {
    if (lastKey.current === location.key) return;
    lastKey.current = location.key;
    if (entryOverlay !== null && entryOverlay === useOverlay.getState().open) return;
    const closedAnOverlay = useOverlay.getState().open !== null;
    useOverlay.getState().close();
    if (navigationType === 'POP' && !closedAnOverlay && useAuth.getState().user) void verifySession();
  }, [location.key, navigationType, entryOverlay]);

  useEffect(() => {
    // The effect above may just have closed the overlay: act on the next render, not on this stale one.
    if (open === null || entryOverlay !== null || useOverlay.getState().open !== open) return;
    const state = typeof location.state === 'object' && location.state !== null ? location.state : {};
    navigate(`${location.pathname}${location.search}${location.hash}`, {
      state: { ...state, [OVERLAY_STATE_KEY]: open },
    });
  }, [open, entryOverlay, location, navigate]);
}
