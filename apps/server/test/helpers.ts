import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Role, TUserInfo } from '@signage/domain';
import type { RouteOptions } from 'fastify';
import pg from 'pg';
import { afterAll, expect, inject } from 'vitest';
import { type App, buildApp } from '../src/app';
import { hashPassword } from '../src/auth/passwords';
import { type Config, loadConfig } from '../src/config';
import { type Database, type DatabaseHandle, openDatabase } from '../src/db/client';
import type { ContentUsageCheck, MediaDeps } from '../src/modules/types';
import { insertUser } from '../src/modules/users/repo';
import { MODULES } from '../src/registry';

/** Set to run the suite against PostgreSQL, e.g. postgres://postgres@127.0.0.1:5432/test */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL?.trim() || undefined;
export const SERVER_DIR = path.resolve(import.meta.dirname, '..');

const tempDirs: string[] = [];
// Registered when a test file imports the helpers; after hooks run last-registered first, so this runs last.
afterAll(() => {
  for (const dir of tempDirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A temporary directory, removed when the test file ends. */
export function tempDir(prefix = 'signage-test-'): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  tempDirs.push(dir);
  return dir;
}

/**
 * A fresh, empty PostgreSQL database (only with TEST_DATABASE_URL): created through the admin
 * connection with a unique name, dropped again by `drop`.
 */
export async function createPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  if (!TEST_DATABASE_URL) throw new Error('TEST_DATABASE_URL is not set');
  const name = `signage_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await client.connect();
      try {
        await client.query(`drop database if exists "${name}" with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}

/** Each test file gets its own migrated database: in-memory PGlite, or a new PostgreSQL database. */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  if (!TEST_DATABASE_URL) {
    const templateFile = inject('pgliteTemplate');
    const template = templateFile ? new Blob([fs.readFileSync(templateFile)]) : undefined;
    return openDatabase({ dataDir: tempDir(), databaseUrl: undefined }, { memory: true, template });
  }
  const { url, drop } = await createPostgresDatabase();
  const handle = await openDatabase({ dataDir: tempDir(), databaseUrl: url });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await drop();
    },
  };
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({
      LOG_LEVEL: 'silent',
      // No nginx from tests that start a whole server; the live tests bring their own ingest.
      LIVE_INGEST: 'off',
      DATA_DIR: tempDir(),
      CONSOLE_DIST: path.join(tempDir(), 'no-dist'),
      PLAYER_DIST: path.join(tempDir(), 'no-player'),
    }),
    // A first start runs initdb, as it does from the sources, whether or not a build left a template.
    pgliteTemplate: path.join(tempDir(), 'no-template'),
    ...overrides,
  };
}

export type TestApp = { app: App; db: Database; config: Config; close: () => Promise<void> };

export async function createTestApp(
  options: {
    config?: Partial<Config>;
    media?: Partial<MediaDeps>;
    contentUsage?: readonly ContentUsageCheck[];
    onRoute?: (route: RouteOptions) => void;
    logStream?: { write(line: string): unknown };
  } = {},
): Promise<TestApp> {
  const handle = await createTestDatabase();
  const config = testConfig(options.config);
  const app = await buildApp({
    config,
    db: handle.db,
    modules: MODULES,
    media: options.media,
    contentUsage: options.contentUsage,
    onRoute: options.onRoute,
    logStream: options.logStream,
  });
  await app.ready();
  return {
    app,
    db: handle.db,
    config,
    close: async () => {
      await app.close();
      await handle.close();
    },
  };
}

export const DEFAULT_PASSWORD = 'correct horse battery';
let defaultHash: Promise<string> | undefined;
const TEST_COST = { N: 2 ** 10, r: 8, p: 1 } as const;
let sequence = 0;

export type TestUser = TUserInfo & { password: string };

/** A user in the database; role DS_FRIT unless told, region-bound roles get JP unless told. */
export async function createUser(
  db: Database,
  options: {
    role?: Role;
    userId?: string;
    name?: string;
    region?: string;
    shopNo?: string;
    shopName?: string;
    password?: string;
  } = {},
): Promise<TestUser> {
  const role = options.role ?? 'DS_FRIT';
  const userId = options.userId ?? `user${++sequence}_${randomBytes(3).toString('hex')}`;
  const password = options.password ?? DEFAULT_PASSWORD;
  // Hashing is deliberately slow (a quarter second, over a second on the loaded 2-core machine), and so is every
  // sign-in that checks it. The default password is hashed once per file at a test cost: the parameters travel in
  // the hash, so signing in runs the same code, in a millisecond. A password given is hashed at the real cost
  // (auth.test.ts holds that a sign-in spends it).
  defaultHash ??= hashPassword(DEFAULT_PASSWORD, TEST_COST);
  const passwordHash = options.password ? await hashPassword(password) : await defaultHash;
  const regionBound = role !== 'DS_MK' && role !== 'DS_FRIT';
  const row = await insertUser(db, {
    userId,
    username: options.name ?? `Name of ${userId}`,
    passwordHash,
    authority: role,
    region: options.region ?? (regionBound ? 'JP' : ''),
    shopNo: options.shopNo ?? (role === 'DS_ST' ? '0001' : ''),
    shopName: options.shopName ?? '',
  });
  if (!row) throw new Error(`user ${userId} exists`);
  return {
    username: row.username,
    userId: row.userId,
    authority: role,
    region: row.region,
    shop_no: row.shopNo,
    shop_name: row.shopName,
    password,
  };
}

/** Signs in through the API and returns the Cookie header value for later requests. */
export async function loginAs(app: App, user: { userId: string; password: string }): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: `/api/users/${encodeURIComponent(user.userId)}/auth`,
    payload: { password: user.password },
  });
  expect(response.statusCode, response.body).toBe(200);
  const cookie = response.cookies.find((c) => c.name === 'sid');
  if (!cookie) throw new Error('no session cookie');
  return `sid=${cookie.value}`;
}

export type CliResult = { code: number | null; stdout: string; stderr: string };

/** Runs the admin CLI from the sources (as `npm run cli` does) on the embedded database unless `env` says otherwise. */
export function runCli(args: string[], env: Record<string, string>, input?: string): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...args], {
      cwd: SERVER_DIR,
      env: { ...process.env, DATABASE_URL: '', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(input ?? '');
  });
}
