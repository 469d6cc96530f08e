import { once } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateAdminInput } from '../src/admin/commands';
import { auditLog } from '../src/db/schema';
import { type RunningServer, startServer } from '../src/server';
import { createPostgresDatabase, loginAs, runCli, TEST_DATABASE_URL, tempDir, testConfig } from './helpers';

async function cliEnvironment() {
  const dataDir = tempDir('signage-cli-');
  const database = TEST_DATABASE_URL ? await createPostgresDatabase() : undefined;
  return {
    dataDir,
    databaseUrl: database?.url,
    env: { DATA_DIR: dataDir, DATABASE_URL: database?.url ?? '' },
    cleanup: async () => {
      await database?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

describe('admin CLI without a running server (opens the database itself)', () => {
  let setup: Awaited<ReturnType<typeof cliEnvironment>>;
  const add = (id: string, role = 'DS_MK', extra: string[] = []) =>
    runCli(['user', 'add', '--id', id, '--role', role, '--password', 'first-password', ...extra], setup.env);

  beforeAll(async () => {
    setup = await cliEnvironment();
    // The first command creates and migrates the embedded database.
    const list = await runCli(['user', 'list'], setup.env);
    expect(list.stderr).toBe('');
    expect(list.stdout.trim()).toBe('No users');
  });
  afterAll(async () => {
    await setup?.cleanup();
  });

  it('prints help', async () => {
    const result = await runCli(['--help'], setup.env);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('user add --id ID --role ROLE');
    expect(result.stdout).toContain('DS_LHQBIZ');
  });

  it('adds a user with all fields and lists it in a table', async () => {
    const result = await add('sato', 'DS_ST', [
      '--name',
      'Sato',
      '--region',
      'jp',
      '--shop-no',
      '0012',
      '--shop-name',
      'Ginza',
    ]);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout.trim()).toBe('User sato (DS_ST) created');

    const list = await runCli(['user', 'list'], setup.env);
    expect(list.code).toBe(0);
    const lines = list.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^ID\s+Name\s+Role\s+Region\s+Shop no\s+Shop name\s+Created/);
    expect(lines.find((l) => l.startsWith('sato'))).toMatch(
      /^sato\s+Sato\s+DS_ST\s+JP\s+0012\s+Ginza\s+\d{4}-\d\d-\d\d/,
    );
  });

  it('refuses an ID that exists', async () => {
    expect((await add('ito')).code).toBe(0);
    const again = await add('ito', 'DS_FRIT');
    expect(again.code).toBe(1);
    expect(again.stderr.trim()).toBe('User ito already exists');
  });

  it('changes a password read from stdin and removes a user', async () => {
    expect((await add('abe')).code).toBe(0);
    const passwd = await runCli(['user', 'passwd', '--id', 'abe', '--password-stdin'], setup.env, 'second-password\n');
    expect(passwd.code).toBe(0);
    expect(passwd.stdout.trim()).toBe('Password of abe changed (0 sessions ended)');
    const remove = await runCli(['user', 'remove', '--id', 'abe'], setup.env);
    expect(remove.code).toBe(0);
    expect(remove.stdout.trim()).toBe('User abe removed (0 sessions ended)');
    const gone = await runCli(['user', 'remove', '--id', 'abe'], setup.env);
    expect(gone.code).toBe(1);
    expect(gone.stderr.trim()).toBe('User abe does not exist');
  });

  it('refuses invalid input with a clear message, before opening the database', async () => {
    const cases: [string[], string][] = [
      [['--id', 'x1', '--role', 'BOSS', '--password', 'long-enough'], 'Role must be one of DS_MK'],
      [['--id', 'x2', '--role', 'DS_KT', '--region', 'XX', '--password', 'long-enough'], 'known country code'],
      [['--id', 'x3', '--role', 'DS_MK', '--password', 'long-enough', '--password-stdin'], 'not both'],
    ];
    const results = await Promise.all(cases.map(([args]) => runCli(['user', 'add', ...args], setup.env)));
    results.forEach((result, i) => {
      expect(result.code, cases[i]?.[1]).toBe(1);
      expect(result.stderr).toContain(cases[i]?.[1]);
    });
  });

  it.each([
    [{ userId: 'x', role: 'DS_KT', password: 'long-enough' }, 'Role DS_KT needs --region'],
    [{ userId: 'x', role: 'DS_ST', region: 'JP', password: 'long-enough' }, 'Role DS_ST needs --shop-no'],
    [{ userId: 'x', role: 'DS_ST', region: 'JP', shopNo: '12', password: 'long-enough' }, 'must be 4 digits'],
    [{ userId: 'x', role: 'DS_MK', password: 'short' }, 'at least 8 characters'],
    [{ userId: 'x', role: 'DS_MK' }, 'A password is required'],
    [{ userId: 'bad/id', role: 'DS_MK', password: 'long-enough' }, 'ID may only contain'],
    [{ role: 'DS_MK', password: 'long-enough' }, '--id is required'],
  ])('validates user add input %j', (input, message) => {
    expect(() => validateAdminInput('user-add', input)).toThrow(message);
  });

  it('refuses unknown commands and options with a pointer to --help', async () => {
    const commands = [
      ['user', 'rename'],
      ['user', 'add', '--colour', 'red'],
      ['group', 'list'],
    ];
    const results = await Promise.all(commands.map((args) => runCli(args, setup.env)));
    for (const result of results) {
      expect(result.code).toBe(1);
      expect(result.stderr).toContain('--help');
    }
  });
});

describe('admin CLI while the server runs (through the admin socket)', () => {
  let setup: Awaited<ReturnType<typeof cliEnvironment>>;
  let server: RunningServer;
  let socketPath: string;
  beforeAll(async () => {
    setup = await cliEnvironment();
    socketPath = path.join(setup.dataDir, 'admin.sock');
    // A socket file left behind by a crashed server must not stop the next one.
    fs.writeFileSync(socketPath, '');
    server = await startServer(
      testConfig({ dataDir: setup.dataDir, databaseUrl: setup.databaseUrl, port: 0, host: '127.0.0.1' }),
    );
  });
  afterAll(async () => {
    await server?.close();
    await setup?.cleanup();
  });

  it('serves an owner-only socket in DATA_DIR', () => {
    expect(server.adminSocket?.path).toBe(socketPath);
    const stat = fs.statSync(socketPath);
    expect(stat.isSocket()).toBe(true);
    expect(stat.mode & 0o777).toBe(0o600);
  });

  it('adds a user who can then sign in, and records that the socket was used', async () => {
    const add = await runCli(
      ['user', 'add', '--id', 'kato', '--role', 'DS_KT', '--region', 'US', '--password-stdin'],
      setup.env,
      'kato-password\n',
    );
    expect(add.stderr).toBe('');
    expect(add.code).toBe(0);
    expect(add.stdout.trim()).toBe('User kato (DS_KT) created');
    await loginAs(server.app, { userId: 'kato', password: 'kato-password' });
    const [entry] = await server.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'user.add'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry).toMatchObject({ actor: 'cli', target: 'kato', detail: { role: 'DS_KT', via: 'socket' } });

    const again = await runCli(
      ['user', 'add', '--id', 'kato', '--role', 'DS_KT', '--region', 'US', '--password', 'whatever-1'],
      setup.env,
    );
    expect(again.code).toBe(1);
    expect(again.stderr.trim()).toBe('User kato already exists');
  });

  it('accepts a lower-case region and stores it upper-case: the user signs in with region GB', async () => {
    expect(() =>
      validateAdminInput('user-add', { userId: 'x', role: 'DS_LHQIT', region: 'gb', password: 'long-enough' }),
    ).not.toThrow();
    const add = await runCli(
      ['user', 'add', '--id', 'evans', '--role', 'DS_LHQIT', '--region', 'gb', '--password', 'evans-password'],
      setup.env,
    );
    expect(add.stderr).toBe('');
    expect(add.stdout.trim()).toBe('User evans (DS_LHQIT) created');
    const signedIn = await server.app.inject({
      method: 'POST',
      url: '/api/users/evans/auth',
      payload: { password: 'evans-password' },
    });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json().data).toMatchObject({ userId: 'evans', authority: 'DS_LHQIT', region: 'GB' });
  });

  it('lists users including the bootstrap admin', async () => {
    const list = await runCli(['user', 'list'], setup.env);
    expect(list.code).toBe(0);
    expect(list.stdout).toMatch(/^admin\s+Administrator\s+DS_FRIT/m);
  });

  it('ends the sessions of a user whose password changes or who is removed', async () => {
    const add = await runCli(
      ['user', 'add', '--id', 'mori', '--role', 'DS_MK', '--password', 'mori-password'],
      setup.env,
    );
    expect(add.code).toBe(0);
    const me = (cookie: string) => server.app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie } });

    // The server's cache (auth/cache.ts) hears of the change from the database; over PostgreSQL the
    // notification arrives on its listener's connection when the change commits.
    const told = () => once(server.app.authCache, 'invalidated');

    const before = await loginAs(server.app, { userId: 'mori', password: 'mori-password' });
    expect((await me(before)).statusCode).toBe(200);
    let seen = told();
    const passwd = await runCli(['user', 'passwd', '--id', 'mori', '--password', 'mori-password-2'], setup.env);
    expect(passwd.stdout.trim()).toBe('Password of mori changed (1 session ended)');
    await seen;
    expect((await me(before)).statusCode).toBe(401);

    const cookie = await loginAs(server.app, { userId: 'mori', password: 'mori-password-2' });
    expect((await me(cookie)).statusCode).toBe(200);
    seen = told();
    const remove = await runCli(['user', 'remove', '--id', 'mori'], setup.env);
    expect(remove.code).toBe(0);
    expect(remove.stdout.trim()).toBe('User mori removed (1 session ended)');
    await seen;
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it('removes the socket on shutdown', async () => {
    await server.close();
    expect(fs.existsSync(socketPath)).toBe(false);
    // With the server gone the CLI opens the database itself and still works.
    const list = await runCli(['user', 'list'], setup.env);
    expect(list.code).toBe(0);
    expect(list.stdout).toMatch(/^kato\s/m);
  });
});
