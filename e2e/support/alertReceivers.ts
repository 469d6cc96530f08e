import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Hook, Mail } from './alertInbox';
import { E2E } from './env';

/** What reached the run's alert inbox (support/alertInbox.ts): the e-mails to an address, the webhooks at a path. */

const read = async <T>(path: string): Promise<T> => {
  const response = await fetch(`${E2E.alertsInboxURL}${path}`);
  if (!response.ok) throw new Error(`inbox ${path}: ${response.status}`);
  return (await response.json()) as T;
};

export const mailsTo = (address: string) => read<Mail[]>(`/mails?to=${encodeURIComponent(address)}`);
export const hooksAt = (path: string) => read<Hook[]>(`/hooks?path=${encodeURIComponent(path)}`);
/** A webhook URL of the inbox; its path is where what it receives is kept. */
export const hookURL = (path: string) => `${E2E.alertsInboxURL}${path}`;

export type WebhookPlayer = { device_code: string; region: string; shop_no: string; condition: string };
export type WebhookBody = { message_id: string; kind: 'alert' | 'recovery'; players: WebhookPlayer[] };

/**
 * A webhook checked as docs/alerts.md tells a receiver to: the HMAC-SHA256 of "<timestamp>.<raw body>" with the
 * shared secret, compared in constant time, and a timestamp at most 5 minutes old when it arrived. Throws when
 * either fails; answers the body.
 */
export function verifiedWebhook(hook: Hook, secret: string): WebhookBody {
  const timestamp = String(hook.headers['x-signage-timestamp'] ?? '');
  const signature = String(hook.headers['x-signage-signature'] ?? '');
  const expected = `v1=${createHmac('sha256', secret).update(`${timestamp}.${hook.body}`).digest('hex')}`;
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, Buffer.from(expected))) {
    throw new Error(`the signature ${signature} is not the body's`);
  }
  const age = hook.at / 1000 - Number(timestamp);
  if (!/^\d+$/.test(timestamp) || age > 300 || age < -60) throw new Error(`the timestamp ${timestamp} is stale`);
  if (!String(hook.headers['content-type']).startsWith('application/json')) throw new Error('the body is not JSON');
  return JSON.parse(hook.body) as WebhookBody;
}

/** The players a mail lists (one line each, with its serial, condition and since). */
export const listed = (mail: Mail, codes: readonly string[]) => codes.filter((code) => mail.text.includes(code));
