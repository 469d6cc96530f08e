import { useEffect, useRef } from 'react';
import { useLocation, useNavigate, useNavigation, useNavigationType } from 'react-router';
import { verifySession } from '../auth/session';
import { useAuth } from '../auth/store';
import { isNavigationPending } from '../navigation';
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
 * entry. Closing the overlay any other way takes that entry off again.
 */
export function useBackNavigation(): void {
  const navigate = useNavigate();
  const location = useLocation();
  const navigationType = useNavigationType();
  const pending = useNavigation().state !== 'idle';
  const open = useOverlay((state) => state.open);
  const entryOverlay = overlayOfEntry(location.state);
  const lastKey = useRef(location.key);
  const lastOpen = useRef(open);
  /** Set while the console itself pops an overlay's entry, so that pop is not taken for the user's Back. */
  const poppingOwnEntry = useRef(false);
  /** The overlay of the current entry was closed by the console: its entry should go. */
  const popWanted = useRef(false);

  useEffect(() => {
    if (lastKey.current === location.key) return;
    lastKey.current = location.key;
    if (entryOverlay !== null && entryOverlay === useOverlay.getState().open) return;
    const ownPop = poppingOwnEntry.current;
    poppingOwnEntry.current = false;
    const closedAnOverlay = useOverlay.getState().open !== null;
    useOverlay.getState().close();
    if (navigationType === 'POP' && !ownPop && !closedAnOverlay && useAuth.getState().user) void verifySession();
  }, [location.key, navigationType, entryOverlay]);

  useEffect(() => {
    // The effect above may just have closed the overlay: act on the next render, not on this stale one.
    if (useOverlay.getState().open !== open) return;
    const previous = lastOpen.current;
    lastOpen.current = open;
    if (open !== null && entryOverlay === null) {
      const state = typeof location.state === 'object' && location.state !== null ? location.state : {};
      navigate(`${location.pathname}${location.search}${location.hash}`, {
        state: { ...state, [OVERLAY_STATE_KEY]: open },
      });
      return;
    }
    if (open === null && previous !== null && entryOverlay !== null) popWanted.current = true;
    if (entryOverlay === null) popWanted.current = false;
    if (!popWanted.current || pending) return;
    // An overlay that closes because the console is going elsewhere (logout, a dialog's action) leaves
    // that navigation alone: popping at once would cancel it. One task later it has started (pending,
    // or a new location), and this effect runs again instead.
    const timer = setTimeout(() => {
      if (isNavigationPending()) return;
      popWanted.current = false;
      poppingOwnEntry.current = true;
      navigate(-1);
    }, 0);
    return () => clearTimeout(timer);
  }, [open, entryOverlay, location, navigate, pending]);
}
