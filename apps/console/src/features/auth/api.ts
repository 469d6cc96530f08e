import type { TUserInfo } from '@signage/domain';
import { signIn } from '../../app/auth/client';

export type LoginInput = { userId: string; password: string };

/** Signs in; no User-Name header, and a 401 is the answer "wrong ID or password". */
export function login({ userId, password }: LoginInput): Promise<TUserInfo> {
  return signIn(userId, password);
}
