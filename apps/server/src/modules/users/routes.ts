import { API } from '@signage/domain';
import { clearSessionCookie, SESSION_COOKIE, setSessionCookie } from '../../auth/sessions';
import { route } from '../../http/route';
import type { ModulePlugin } from '../types';
import { login, logout, me } from './service';

const C = API.users;

export const usersRoutes: ModulePlugin = async (app, { deps: { db } }) => {
  route(app, C.login, async ({ params, body, request, reply }) => {
    const { user, token } = await login(db, {
      userId: params.userId,
      password: body.password,
      address: request.ip,
      previousToken: request.cookies[SESSION_COOKIE],
    });
    setSessionCookie(request, reply, token);
    return user;
  });

  route(app, C.me, async ({ user }) => me(user));

  route(app, C.logout, async ({ user, params, request, reply }) => {
    await logout(db, user, params.userId);
    // This server's cache forgets the session now, not when the database's notification (sent at commit,
    // auth/cache.ts) reaches its listener: a request right after this answer cannot be served from it.
    app.authCache.apply(`s:${user.sessionId}`);
    clearSessionCookie(request, reply);
    return null;
  });
};
