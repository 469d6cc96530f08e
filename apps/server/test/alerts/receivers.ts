import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A real SMTP server on 127.0.0.1 (no TLS, no auth) keeping every message it accepted, raw. */
export async function startSmtp() {
  const mails: { from: string; to: string[]; raw: string }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type Received = { headers: IncomingHttpHeaders; body: string; status: number };

/**
 * A real HTTP receiver on 127.0.0.1 keeping every request; it answers 503 to the first `failures` requests of
 * each path, then 204.
 */
export async function startReceiver() {
  const received = new Map<string, Received[]>();
  const failures = new Map<string, number>();
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '/';
      const left = failures.get(path) ?? 0;
      const status = left > 0 ? 503 : 204;
      failures.set(path, left - 1);
      const list = received.get(path) ?? [];
      list.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8'), status });
      received.set(path, list);
      response.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    at: (path: string) => received.get(path) ?? [],
    failFirst: (path: string, n: number) => failures.set(path, n),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
