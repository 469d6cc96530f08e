import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import { HttpError } from '../http/envelope';
import { isAdminCommand, runAdminCommand } from './commands';

const MAX_BODY_BYTES = 64 * 1024;

/** Wire format of the admin socket: POST /admin/<command> with a JSON body. */
export type AdminReply = { ok: true; data: unknown } | { ok: false; error: string };

function probe(socketPath: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(socketPath);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

async function readJson(request: http.IncomingMessage): Promise<unknown> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new HttpError(413, 'Request too large');
    chunks.push(chunk as Buffer);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new HttpError(400, 'Request body is not valid JSON');
  }
}

function send(response: http.ServerResponse, status: number, body: AdminReply): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

function handler(db: Database, log: FastifyBaseLogger) {
  return async (request: http.IncomingMessage, response: http.ServerResponse) => {
    const command = /^\/admin\/([a-z-]+)$/.exec(request.url ?? '')?.[1];
    try {
      if (request.method !== 'POST' || !command || !isAdminCommand(command)) {
        throw new HttpError(404, `Unknown admin command ${request.method} ${request.url}`);
      }
      const input = await readJson(request);
      const data = await runAdminCommand(db, command, input, 'socket');
      log.info({ command }, 'admin command done');
      send(response, 200, { ok: true, data });
    } catch (error) {
      if (error instanceof HttpError) return send(response, error.status, { ok: false, error: error.message });
      log.error({ err: error, command }, 'admin command failed');
      send(response, 500, { ok: false, error: 'The server could not run the command; see its log' });
    }
  };
}

export type AdminSocket = { path: string; close: () => Promise<void> };

/**
 * Serves the admin commands on a Unix socket in DATA_DIR, so `npm run cli` works while the server
 * holds the embedded database (which admits one process). Only the owner may connect (0600).
 * A socket left by a crashed server is replaced; one served by a live process is left alone.
 */
export async function startAdminSocket(
  socketPath: string,
  db: Database,
  log: FastifyBaseLogger,
): Promise<AdminSocket | undefined> {
  if (fs.existsSync(socketPath)) {
    if (await probe(socketPath)) {
      log.warn({ socketPath }, 'another process serves the admin socket; this server will not');
      return undefined;
    }
    fs.rmSync(socketPath, { force: true });
  }
  const server = http.createServer(handler(db, log));
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      // The bind happens synchronously inside listen(): the socket file is born owner-only.
      const previous = process.umask(0o177);
      try {
        server.listen(socketPath, () => resolve());
      } finally {
        process.umask(previous);
      }
    });
    fs.chmodSync(socketPath, 0o600);
  } catch (error) {
    log.warn({ err: error, socketPath }, 'cannot serve the admin socket; the CLI will not work while this runs');
    return undefined;
  }
  return {
    path: socketPath,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
        fs.rmSync(socketPath, { force: true });
      }),
  };
}
