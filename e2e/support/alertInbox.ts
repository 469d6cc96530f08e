import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import { SMTPServer } from 'smtp-server';
import { E2E } from './env';

/**
 * Where the alerts server's messages arrive in the end-to-end run (specs/alert-delivery.spec.ts), started by
 * playwright.config.ts beside the server (so every worker and repeat reads the same inbox):
 * - a real SMTP server on 127.0.0.1:E2E.alertsSmtpPort (no TLS, no auth; the server's SMTP_URL), keeping every
 *   message it accepted;
 * - a real HTTP receiver on 127.0.0.1:E2E.alertsInboxPort: `POST /hook/…` is a webhook, kept with its headers and
 *   raw body and answered 204; `GET /mails?to=` and `GET /hooks?path=` answer what was kept, as JSON
 *   (support/alertReceivers.ts reads them); `GET /health` answers 200 once both listen.
 */

export type Mail = { to: string[]; subject: string; text: string };
export type Hook = { headers: Record<string, string | string[] | undefined>; body: string; at: number };

/** A message's body as written: quoted-printable's soft line breaks and escapes undone. */
function bodyOf(raw: string): string {
  const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
  const body = rest.join('\n\n');
  if (!/content-transfer-encoding:\s*quoted-printable/i.test(head)) return body;
  return body
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

async function startInbox() {
  const mails: Mail[] = [];
  const hooks = new Map<string, Hook[]>();
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        mails.push({
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          subject: /^Subject: (.*)$/im.exec(raw)?.[1]?.trim() ?? '',
          text: bodyOf(raw),
        });
        callback();
      });
    },
  });
  const http = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://inbox');
      const json = (value: unknown) =>
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(value));
      if (request.method === 'POST' && url.pathname.startsWith('/hook/')) {
        const list = hooks.get(url.pathname) ?? [];
        list.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() });
        hooks.set(url.pathname, list);
        response.writeHead(204).end();
      } else if (url.pathname === '/mails') {
        json(mails.filter((mail) => mail.to.includes(url.searchParams.get('to') ?? '')));
      } else if (url.pathname === '/hooks') {
        json(hooks.get(url.searchParams.get('path') ?? '') ?? []);
      } else if (url.pathname === '/health') {
        response.writeHead(200).end('ok');
      } else {
        response.writeHead(404).end();
      }
    });
  });
  await new Promise<void>((resolve) => smtp.listen(E2E.alertsSmtpPort, '127.0.0.1', resolve));
  await new Promise<void>((resolve) => http.listen(E2E.alertsInboxPort, '127.0.0.1', resolve));
  const stop = () => {
    http.close();
    smtp.close(() => process.exit(0));
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  startInbox().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
