import { MESSAGES } from '@signage/domain';
import { z } from 'zod';
import { HttpError, responses } from '../../http/envelope';
import type { ModulePlugin } from '../types';

/**
 * Single sign-on (SPEC.md section 4): the console fetches the identity provider's login address
 * here, then redirects. SAML is not configured on this server yet, so the answer says so and the
 * login page shows it, instead of leaving the user on a dead end.
 */
export const ssoRoutes: ModulePlugin = async (app) => {
  app.get('', {
    schema: {
      tags: ['sso'],
      summary: 'The identity provider login address to redirect to (503 while SSO is not configured)',
      response: responses(z.object({ url: z.string() }), 503),
    },
    handler: async () => {
      throw new HttpError(503, MESSAGES.ssoNotConfigured);
    },
  });
};
