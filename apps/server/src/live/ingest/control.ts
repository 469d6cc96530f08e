import http from 'node:http';
import https from 'node:https';

/** Where nginx-rtmp's `rtmp_control` answers: a Unix socket (embedded) or an http(s) base URL (its own service). */
export type ControlTarget = { socketPath: string } | { url: string };

const CONTROL_TIMEOUT_MS = 3000;

/**
 * One GET to the control module, e.g. `drop/publisher?app=live&name=KEY`; resolves with the status and body
 * (the number of clients dropped). The path holds a stream key: nothing here logs it, and errors only say
 * what kind of failure happened.
 */
export function controlRequest(target: ControlTarget, pathAndQuery: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const options: http.RequestOptions = { method: 'GET', timeout: CONTROL_TIMEOUT_MS };
    let request: http.ClientRequest;
    const onResponse = (response: http.IncomingMessage) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', () => reject(new Error('the ingest control answer broke off')));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8').trim() }),
      );
    };
    if ('socketPath' in target) {
      request = http.request(
        { ...options, socketPath: target.socketPath, path: `/control/${pathAndQuery}` },
        onResponse,
      );
    } else {
      const url = new URL(`${target.url.replace(/\/+$/, '')}/${pathAndQuery}`);
      request = (url.protocol === 'https:' ? https : http).request(url, options, onResponse);
    }
    request.on('timeout', () => request.destroy(new Error('timeout')));
    request.on('error', (error: NodeJS.ErrnoException) =>
      reject(new Error(`the ingest control could not be reached (${error.code ?? error.message})`)),
    );
    request.end();
  });
}

/** Asks nginx to close the connection publishing `streamKey` in application `live`. */
export async function dropPublisher(target: ControlTarget, streamKey: string): Promise<void> {
  const query = new URLSearchParams({ app: 'live', name: streamKey });
  const { status } = await controlRequest(target, `drop/publisher?${query}`);
  if (status !== 200) throw new Error(`the ingest control answered ${status}`);
}
