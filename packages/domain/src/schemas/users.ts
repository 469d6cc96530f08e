import { z } from 'zod';
import { MESSAGES } from '../catalog/messages';
import { ROLES } from '../catalog/roles';
import { ZText, zText } from './common';

export const ZRole = z.enum(ROLES);

/** User info (SPEC.md section 3). Region, shop number and shop name are empty strings when unset. */
export const ZUserInfo = z.object({
  username: z.string(),
  userId: z.string(),
  authority: ZRole,
  region: z.string(),
  shop_no: z.string(),
  shop_name: z.string(),
});
export type TUserInfo = z.infer<typeof ZUserInfo>;

export const ZUserIdParams = z.object({
  userId: ZText.trim().min(1, MESSAGES.enterId).max(128),
});

/** Login body: the password travels in the body, never in the URL. */
export const ZLoginBody = z.object({
  password: zText(MESSAGES.enterPassword).min(1, MESSAGES.enterPassword).max(1024),
});
export type TLoginBody = z.infer<typeof ZLoginBody>;
