import { eq } from 'drizzle-orm';
import { type App, buildApp } from '../src/app';
import { type Database, type DatabaseHandle, openDatabase } from '../src/db/client';
import { users } from '../src/db/schema';
import { MODULES } from '../src/registry';
import { createPostgresDatabase, TEST_DATABASE_URL, tempDir, testConfig } from './helpers';

export const me = (app: App, cookie: string) =>
  app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie } });
export const userPk = async (db: Database, userId: string) =>
  (await db.select({ id: users.id }).from(users).where(eq(users.userId, userId)))[0]?.id ?? '';

/** A server of its own (pool, listener, cache) on a database another one also uses. */
async function serverOn(db: Database): Promise<App> {
  const app = await buildApp({ config: testConfig(), db, modules: MODULES });
  await app.ready();
  return app;
}

export type Server = { app: App; handle: DatabaseHandle };

/**
 * Two servers on one new database, as behind a load balancer: over PostgreSQL each has its own pool and
 * listener connection, as two processes would; the embedded PGlite is one process's own database, so there
 * the two share it (each with its own listener and cache).
 */
export async function twoServers() {
  let drop = async () => {};
  let handles: DatabaseHandle[];
  if (TEST_DATABASE_URL) {
    const database = await createPostgresDatabase();
    drop = database.drop;
    handles = [
      await openDatabase({ dataDir: tempDir(), databaseUrl: database.url }),
      await openDatabase({ dataDir: tempDir(), databaseUrl: database.url }),
    ];
  } else {
    handles = [await openDatabase({ dataDir: tempDir(), databaseUrl: undefined }, { memory: true })];
  }
  const [first, second = first] = handles as [DatabaseHandle, DatabaseHandle?];
  const a: Server = { app: await serverOn(first.db), handle: first };
  const b: Server = { app: await serverOn(second.db), handle: second };
  return {
    a,
    b,
    close: async () => {
      await a.app.close();
      await b.app.close();
      for (const handle of handles) await handle.close();
      await drop();
    },
  };
}
