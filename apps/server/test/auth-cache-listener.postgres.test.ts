import { once } from 'node:events';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema';
import { me, type Server, twoServers, userPk } from './authServers';
import { createUser, loginAs } from './helpers';

/**
 * The request path's cache when its listener's connection is lost (auth-cache.test.ts has the rest): only a
 * listener with a connection of its own can lose it, so PostgreSQL only (PGlite's runs in the process).
 */
describe('two servers on one PostgreSQL database', () => {
  let servers: Awaited<ReturnType<typeof twoServers>>;
  let a: Server;
  let b: Server;
  beforeAll(async () => {
    servers = await twoServers();
    ({ a, b } = servers);
  });
  afterAll(async () => {
    await servers?.close();
  });

  it('serves nothing from the cache while its listener is down, and starts empty when it is back', async () => {
    const user = await createUser(a.handle.db, { role: 'DS_KT', region: 'JP' });
    const cookie = await loginAs(a.app, user);
    expect((await me(b.app, cookie)).statusCode).toBe(200);
    const down = once(b.app.authCache, 'listening');
    const back = new Promise<void>((resolve) => {
      const state = (up: boolean) => {
        if (!up) return;
        b.app.authCache.off('listening', state);
        resolve();
      };
      b.app.authCache.on('listening', state);
    });
    // Every listener of this database is cut (the servers' own pools hold no LISTEN).
    await a.handle.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'listen%'`,
    );
    expect(await down).toEqual([false]);
    expect(b.app.authCache.enabled).toBe(false);
    // A change nobody is told of while the listener is down is seen all the same.
    await a.handle.db
      .update(users)
      .set({ authority: 'DS_FRIT', region: '' })
      .where(eq(users.id, await userPk(a.handle.db, user.userId)));
    expect((await me(b.app, cookie)).json().data.authority).toBe('DS_FRIT');
    await back;
    expect(b.app.authCache.enabled).toBe(true);
    expect(b.app.authCache.size.sessions).toBe(0);
  });
});
