import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { beginEmbeddedOpen, PGLITE_SETTINGS } from '../src/db/embedded';
import { makePgliteTemplate, templateMatches } from '../src/db/pgliteTemplate';
import { MIGRATIONS_FOLDER } from '../src/paths';
import { type RunningServer, startServer } from '../src/server';
import { loginAs, runCli, tempDir, testConfig } from './helpers';

/**
 * A first start on the embedded database from the migrated empty database the build makes (issue 15 item 5:
 * a first start within 10x of a bare Fastify start; build.mjs, db/pgliteTemplate.ts), and the fallback to
 * initdb when the template does not match. Always on PGlite, whatever TEST_DATABASE_URL says.
 */

const PASSWORD = 'first-start-password';
/** A file the template's cluster holds and a database made by initdb does not: says which way it was made. */
const MARKER = 'made-from-the-test-template';

let templateDir: string;

beforeAll(async () => {
  templateDir = path.join(tempDir('signage-template-'), 'pglite-template');
  expect(
    await makePgliteTemplate(templateDir, { settings: PGLITE_SETTINGS, migrationsFolder: MIGRATIONS_FOLDER }),
  ).toBe(true);
  fs.writeFileSync(path.join(templateDir, 'cluster', MARKER), '');
  // PGlite's initdb: tens of seconds on the loaded 2-core machine.
}, 180_000);

const config = (dataDir: string, template = templateDir) =>
  testConfig({
    dataDir,
    databaseUrl: undefined,
    pgliteTemplate: template,
    port: 0,
    host: '127.0.0.1',
    adminPassword: PASSWORD,
  });

async function expectReadyWithAdmin(server: RunningServer): Promise<void> {
  const health = await server.app.inject({ method: 'GET', url: '/api/health' });
  expect(health.statusCode, health.body).toBe(200);
  await loginAs(server.app, { userId: 'admin', password: PASSWORD });
}

describe('a first start from the build template', () => {
  const dataDir = tempDir('signage-first-');
  let server: RunningServer | undefined;
  afterAll(async () => {
    await server?.close();
  });

  it('is ready with the admin able to sign in; a restart and the CLI reopen the same database', async () => {
    // As main.ts starts it: the database opening (and the copy) begun before the server's modules load.
    const embedded = beginEmbeddedOpen(config(dataDir));
    expect(embedded?.firstStart).toBe(true);
    server = await startServer(config(dataDir), { embedded });
    expect(fs.existsSync(path.join(dataDir, 'db', MARKER))).toBe(true);
    expect(fs.readdirSync(dataDir).filter((entry) => entry.startsWith('db.copying'))).toEqual([]);
    expect(server.bootstrap.created).toBe(true);
    await expectReadyWithAdmin(server);
    await server.close();

    server = await startServer(config(dataDir));
    expect(server.bootstrap.created).toBe(false);
    await expectReadyWithAdmin(server);
    await server.close();
    server = undefined;

    const list = await runCli(['user', 'list'], { DATA_DIR: dataDir });
    expect(list.stderr).toBe('');
    expect(list.code).toBe(0);
    expect(list.stdout).toMatch(/^admin\s+Administrator\s+DS_FRIT/m);
  }, 120_000);
});

describe('without a matching template', () => {
  let server: RunningServer | undefined;
  afterAll(async () => {
    await server?.close();
  });

  it('says a template made for other migrations does not match', () => {
    const migrations = path.join(tempDir('signage-migrations-'), 'drizzle');
    fs.cpSync(MIGRATIONS_FOLDER, migrations, { recursive: true });
    expect(templateMatches(templateDir, migrations)).toBe(true);
    const journalFile = path.join(migrations, 'meta', '_journal.json');
    const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as { entries: { tag: string; when: number }[] };
    const last = journal.entries.at(-1);
    if (!last) throw new Error('no migrations');
    fs.appendFileSync(path.join(migrations, `${last.tag}.sql`), '\n-- edited after the build\n');
    expect(templateMatches(templateDir, migrations)).toBe(false);
    expect(templateMatches(path.join(tempDir(), 'absent'), MIGRATIONS_FOLDER)).toBe(false);
  });

  it('runs initdb instead: ready with the admin able to sign in, and reopened on a restart', async () => {
    const stale = path.join(tempDir('signage-stale-'), 'pglite-template');
    fs.cpSync(templateDir, stale, { recursive: true });
    fs.writeFileSync(path.join(stale, 'stamp.json'), JSON.stringify({ stamp: 'made for other migrations' }));
    const dataDir = tempDir('signage-fallback-');

    server = await startServer(config(dataDir, stale));
    expect(fs.existsSync(path.join(dataDir, 'db', 'PG_VERSION'))).toBe(true);
    expect(fs.existsSync(path.join(dataDir, 'db', MARKER))).toBe(false);
    expect(server.bootstrap.created).toBe(true);
    await expectReadyWithAdmin(server);
    await server.close();

    server = await startServer(config(dataDir, stale));
    expect(server.bootstrap.created).toBe(false);
    await expectReadyWithAdmin(server);
  }, 180_000);
});
