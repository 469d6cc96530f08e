import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOT_READY } from '../src/modules/health/routes';
import { createTestApp, createUser, type TestApp } from './helpers';

let fresh: TestApp;
let unmigrated: TestApp;
beforeAll(async () => {
  [fresh, unmigrated] = await Promise.all([createTestApp(), createTestApp()]);
});
afterAll(async () => {
  await Promise.all([fresh?.close(), unmigrated?.close()]);
});

const health = (t: TestApp, url = '/api/health') => t.app.inject({ method: 'GET', url });

describe('readiness and liveness', () => {
  it('is not ready before the first account exists, and ready from then on', async () => {
    const before = await health(fresh);
    expect(before.statusCode).toBe(503);
    expect(before.json()).toEqual({ result: 'Failure', message: NOT_READY.admin, data: null });

    await createUser(fresh.db, { userId: 'admin', role: 'DS_FRIT' });
    const after = await health(fresh);
    expect(after.statusCode).toBe(200);
    expect(after.json()).toEqual({ result: 'Success', message: '', data: { status: 'ok', database: 'ok' } });
  });

  it('is not ready while the database lacks a migration this build ships', async () => {
    await createUser(unmigrated.db, { userId: 'admin', role: 'DS_FRIT' });
    await unmigrated.db.execute(
      sql`delete from drizzle.__drizzle_migrations where id = (select max(id) from drizzle.__drizzle_migrations)`,
    );
    const response = await health(unmigrated);
    expect(response.statusCode).toBe(503);
    expect(response.json().message).toBe(NOT_READY.migrations);
  });

  it('answers liveness without asking the database', async () => {
    const response = await health(unmigrated, '/api/health/live');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ result: 'Success', message: '', data: { status: 'ok' } });
  });
});
