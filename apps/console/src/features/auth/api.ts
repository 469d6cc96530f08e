import { type TUserInfo, USER_CONTRACTS } from '@signage/domain';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../app/api';

export type LoginInput = { userId: string; password: string };

/** Signs in; no User-Name header, and a 401 is the answer "wrong ID or password". */
export function login({ userId, password }: LoginInput): Promise<TUserInfo> {
  return call(USER_CONTRACTS.login, { params: { userId }, body: { password }, anonymous: true });
}

export function useLoginMutation() {
  return useMutation({ mutationFn: login });
}
