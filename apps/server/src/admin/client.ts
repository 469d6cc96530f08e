import http from 'node:http';
import type { AdminCommand } from './commands';
import type { AdminReply } from './socket';

export type SocketOutcome = { reachable: false } | ({ reachable: true; status: number } & AdminReply);

const UNREACHABLE = new Set(['ENOENT', 'ECONNREFUSED', 'ENOTSOCK']);

/** Sends one admin command to a running server; `reachable: false` when no server listens on the socket. */
export function callAdminSocket(socketPath: string, command: AdminCommand, input: unknown): Promise<SocketOutcome> {
  const body = JSON.stringify(input);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        socketPath,
        path: `/admin/${command}`,
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          try {
            const reply = JSON.parse(Buffer.concat(chunks).toString('utf8')) as AdminReply;
            resolve({ reachable: true, status: response.statusCode ?? 0, ...reply });
          } catch {
            reject(new Error(`The server at ${socketPath} sent an unreadable answer`));
          }
        });
      },
    );
    request.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code && UNREACHABLE.has(error.code)) resolve({ reachable: false });
      else reject(error);
    });
    request.end(body);
  });
}
