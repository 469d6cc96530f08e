import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { Role } from '@signage/domain';
import { expect } from 'vitest';
import type { App } from '../../src/app';
import type { Database } from '../../src/db/client';
import { createUser, loginAs } from '../helpers';

export type Part = { name: string; value: string } | { name: string; filename: string; type: string; data: Buffer };

/** A multipart body as a browser's FormData sends it. */
export function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----signage${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const head =
      'filename' in part
        ? `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.type}\r\n\r\n`
        : `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n`;
    chunks.push(Buffer.from(head), 'filename' in part ? part.data : Buffer.from(part.value), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export const fieldsOf = (fields: Record<string, string>): Part[] =>
  Object.entries(fields).map(([name, value]) => ({ name, value }));

export async function signedIn(app: App, db: Database, role: Role = 'DS_MK', region?: string): Promise<string> {
  return loginAs(app, await createUser(db, { role, region }));
}

export async function upload(
  app: App,
  cookie: string,
  fields: Record<string, string>,
  file?: { filename: string; type: string; data: Buffer },
) {
  const parts = fieldsOf(fields);
  if (file) parts.push({ name: 'content', ...file });
  const body = multipart(parts);
  return app.inject({
    method: 'POST',
    url: '/api/contents',
    headers: { ...body.headers, cookie },
    payload: body.payload,
  });
}

/** Every file under a folder, relative, sorted (empty when it does not exist). */
export async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();
}

export function expectFailure(response: { statusCode: number; json: () => unknown }, status: number, message: string) {
  expect(response.statusCode).toBe(status);
  expect(response.json()).toMatchObject({ result: 'Failure', message });
}
