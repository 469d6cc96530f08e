import type { TUserInfo } from '@signage/domain';
import { create } from 'zustand';

type AuthState = {
  /** The signed-in user, or null. The session itself is an HttpOnly cookie held by the browser. */
  user: TUserInfo | null;
  /** False until the start-up session check has answered; routing waits for it. */
  ready: boolean;
  setUser: (user: TUserInfo) => void;
  clear: () => void;
};

export const useAuth = create<AuthState>()((set) => ({
  user: null,
  ready: false,
  setUser: (user) => set({ user, ready: true }),
  clear: () => set({ user: null, ready: true }),
}));
