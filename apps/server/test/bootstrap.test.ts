import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema';
import { bootstrapAdmin } from '../src/modules/users/admin';
import { EXIT, StartupError, startServer } from '../src/server';
import {
  createPostgresDatabase,
  createTestDatabase,
  createUser,
  loginAs,
  SERVER_DIR,
  TEST_DATABASE_URL,
  tempDir,
  testConfig,
} from './helpers';

describe('first-start admin', () => {
  it('creates exactly one DS_FRIT admin, once, and none when users exist', async () => {
    const fresh = await createTestDatabase();
    const populated = await createTestDatabase();
    try {
      const results = await Promise.all([
        bootstrapAdmin(fresh.db, 'first-password'),
        bootstrapAdmin(fresh.db, 'second-password'),
      ]);
      expect(results.filter((r) => r.created)).toHaveLength(1);
      expect((await bootstrapAdmin(fresh.db, 'third-password')).created).toBe(false);
      const rows = await fresh.db.select().from(users);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ userId: 'admin', username: 'Administrator', authority: 'DS_FRIT' });

      await createUser(populated.db, { role: 'DS_MK' });
      expect((await bootstrapAdmin(populated.db, 'some-password')).created).toBe(false);
      expect(await populated.db.select().from(users).where(eq(users.userId, 'admin'))).toHaveLength(0);
    } finally {
      await Promise.all([fresh.close(), populated.close()]);
    }
  });
});

describe('startServer', () => {
  let database: Awaited<ReturnType<typeof createPostgresDatabase>> | undefined;
  beforeAll(async () => {
    database = TEST_DATABASE_URL ? await createPostgresDatabase() : undefined;
  });
  afterAll(async () => {
    await database?.drop();
  });
  const config = (overrides = {}) =>
    testConfig({ databaseUrl: database?.url, port: 0, host: '127.0.0.1', ...overrides });

  it('generates an admin password that works, and refuses a port in use with exit code 3', async () => {
    const server = await startServer(config({ adminPassword: undefined }));
    try {
      expect(server.bootstrap.created).toBe(true);
      if (!server.bootstrap.created) return;
      expect(server.bootstrap.generated).toBe(true);
      expect(server.bootstrap.password).toMatch(/^[A-Za-z0-9_-]{24}$/);
      await loginAs(server.app, { userId: 'admin', password: server.bootstrap.password });
      expect(server.url).toBe(`http://localhost:${server.port}`);

      const clash = startServer(config({ port: server.port, dataDir: tempDir() }));
      await expect(clash).rejects.toThrow(
        new StartupError(`Port ${server.port} is already in use; set PORT to another port`, EXIT.port),
      );
      await expect(clash).rejects.toMatchObject({ exitCode: 3 });
    } finally {
      await server.close();
    }
  });

  it('refuses a database it cannot open with exit code 2', async () => {
    const attempt = startServer(config({ databaseUrl: 'postgres://postgres@127.0.0.1:1/nothing' }));
    await expect(attempt).rejects.toMatchObject({ exitCode: EXIT.database });
    await expect(attempt).rejects.toThrow(/Cannot open the PostgreSQL database .*ECONNREFUSED/);
  });
});

function freePort(): Promise<{ port: number; release: () => Promise<void> }> {
  return new Promise((resolve) => {
    const blocker = net.createServer();
    blocker.listen(0, '127.0.0.1', () => {
      const { port } = blocker.address() as net.AddressInfo;
      resolve({ port, release: () => new Promise((done) => blocker.close(() => done())) });
    });
  });
}

describe('npm start (src/main.ts)', () => {
  it('prints the admin password once in a box, the URL, and shuts down cleanly on SIGTERM', async () => {
    const dataDir = tempDir('signage-main-');
    const database = TEST_DATABASE_URL ? await createPostgresDatabase() : undefined;
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: SERVER_DIR,
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        DATABASE_URL: database?.url ?? '',
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'silent',
        ADMIN_PASSWORD: '',
        LIVE_INGEST: 'off',
      },
    });
    let stdout = '';
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    try {
      await new Promise<void>((resolve, reject) => {
        child.stdout.on('data', (chunk) => {
          stdout += chunk;
          if (stdout.includes('Signage Console is running at')) resolve();
        });
        child.once('exit', (code) => reject(new Error(`exited ${code}: ${stderr}`)));
      });
      expect(stdout).toMatch(/┌─+┐/);
      expect(stdout).toMatch(/Sign in at http:\/\/localhost:\d+ with ID admin and password [A-Za-z0-9_-]{24}/);
      expect(fs.existsSync(path.join(dataDir, 'admin.sock'))).toBe(true);

      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      expect(fs.existsSync(path.join(dataDir, 'admin.sock'))).toBe(false);
      expect(fs.existsSync(path.join(dataDir, 'db.lock'))).toBe(false);
    } finally {
      child.kill('SIGKILL');
      await database?.drop();
    }
  });

  it('exits with code 3 and a clear message when the port is taken', async () => {
    const { port, release } = await freePort();
    const database = TEST_DATABASE_URL ? await createPostgresDatabase() : undefined;
    try {
      const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
        cwd: SERVER_DIR,
        env: {
          ...process.env,
          DATA_DIR: tempDir('signage-main-'),
          DATABASE_URL: database?.url ?? '',
          PORT: String(port),
          HOST: '127.0.0.1',
          LOG_LEVEL: 'silent',
          LIVE_INGEST: 'off',
        },
      });
      let stderr = '';
      child.stderr.on('data', (chunk) => {
        stderr += chunk;
      });
      const code = await new Promise<number | null>((resolve) => child.once('exit', (c) => resolve(c)));
      expect(stderr.trim()).toBe(`Port ${port} is already in use; set PORT to another port`);
      expect(code).toBe(3);
    } finally {
      await release();
      await database?.drop();
    }
  });
});
