import type { TUserInfo } from '@signage/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../app/api';
import { authPath } from '../../app/auth/session';

/** Where single sign-on starts: the server answers with the identity provider's login address. */
export const SSO_START_PATH = '/api/sso';

export type LoginInput = { userId: string; password: string };

/** Signs in; no User-Name header, and a 401 is the answer "wrong ID or password". */
export function login({ userId, password }: LoginInput): Promise<TUserInfo> {
  return api.post<TUserInfo>(authPath(userId), { body: { password }, anonymous: true });
}

export function useLoginMutation() {
  return useMutation({ mutationFn: login });
}
