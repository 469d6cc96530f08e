import { API, MESSAGES } from '@signage/domain';
import { HttpError } from '../../http/envelope';
import { route } from '../../http/route';
import type { ModulePlugin } from '../types';

/**
 * Single sign-on (SPEC.md section 4): the console fetches the identity provider's login address
 * here, then redirects. SAML is not configured on this server yet, so the answer says so and the
 * login page shows it, instead of leaving the user on a dead end.
 */
export const ssoRoutes: ModulePlugin = async (app) => {
  route(app, API.users.ssoStart, async () => {
    throw new HttpError(503, MESSAGES.ssoNotConfigured);
  });
};
