import { ZLoginBody, ZUserIdParams, ZUserInfo } from '@signage/domain';
import { currentUser } from '../../auth/guards';
import { clearSessionCookie, SESSION_COOKIE, setSessionCookie } from '../../auth/sessions';
import { ok, responses, ZEmpty } from '../../http/envelope';
import type { ModulePlugin } from '../types';
import { login, logout, me } from './service';

export const usersRoutes: ModulePlugin = async (app, { deps: { db } }) => {
  app.post('/:userId/auth', {
    config: { public: true },
    schema: {
      tags: ['users'],
      summary: 'Sign in with ID and password; sets the session cookie',
      params: ZUserIdParams,
      body: ZLoginBody,
      response: responses(ZUserInfo, 400, 401, 429),
    },
    handler: async (request, reply) => {
      const { user, token } = await login(db, {
        userId: request.params.userId,
        password: request.body.password,
        address: request.ip,
        previousToken: request.cookies[SESSION_COOKIE],
      });
      setSessionCookie(request, reply, token);
      return ok(user);
    },
  });

  app.get('/me', {
    schema: {
      tags: ['users'],
      summary: 'The signed-in user (restores a session)',
      response: responses(ZUserInfo, 401),
    },
    handler: async (request) => ok(me(currentUser(request))),
  });

  app.delete('/:userId/auth', {
    schema: {
      tags: ['users'],
      summary: 'Sign out: ends the session and clears the cookie',
      params: ZUserIdParams,
      response: responses(ZEmpty, 401, 403),
    },
    handler: async (request, reply) => {
      await logout(db, currentUser(request), request.params.userId);
      clearSessionCookie(request, reply);
      return ok(null);
    },
  });
};
