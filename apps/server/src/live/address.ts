/** A host name or an IP address (IPv6 in brackets), nothing that could smuggle more into an address. */
const PLAIN_HOST = /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,62})(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,62}))*|\[[0-9A-Fa-f:.]+\])$/;

/**
 * The host encoders should push to, as the console shows it: PUBLIC_URL's host when set, else the host the
 * request was sent to (the console opened as http://10.0.4.17:8080 shows rtmp://10.0.4.17:1935/live, never
 * a localhost that means the viewer's own machine). Anything odd falls back to localhost.
 */
export function ingestHost(publicUrl: string | undefined, requestHostname: string | undefined): string {
  let host = requestHostname ?? '';
  if (publicUrl) {
    try {
      host = new URL(publicUrl).hostname;
    } catch {
      // loadConfig checked it; an unparsable value leaves the request's host.
    }
  }
  return PLAIN_HOST.test(host) ? host : 'localhost';
}
