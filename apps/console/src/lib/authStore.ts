import type { TUserInfo } from '@signage/domain';
import { create } from 'zustand';

type AuthState = {
  /** The signed-in user, or null. The session itself is an HttpOnly cookie held by the browser. */
  user: TUserInfo | null;
  /** False until the start-up session check has answered; routing waits for it. */
  ready: boolean;
  /** The server ended the session of a signed-in user (a 401): the login page says so until dismissed. */
  expired: boolean;
  setUser: (user: TUserInfo) => void;
  clear: () => void;
  /** Forgets the user because the server no longer knows the session. */
  expire: () => void;
  dismissExpiry: () => void;
};

export const useAuth = create<AuthState>()((set) => ({
  user: null,
  ready: false,
  expired: false,
  setUser: (user) => set({ user, ready: true, expired: false }),
  clear: () => set({ user: null, ready: true }),
  expire: () => set((state) => ({ user: null, ready: true, expired: state.expired || state.user !== null })),
  dismissExpiry: () => set({ expired: false }),
}));
