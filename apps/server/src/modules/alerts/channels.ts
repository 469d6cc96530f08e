import { createHmac } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { ALERT_MESSAGES, type AlertChannel, type TAlertPlayer, type TAlertWebhookBody } from '@signage/domain';
import nodemailer from 'nodemailer';
import type { AlertsConfig } from '../../config';
import { type CheckedAddress, checkedAddress } from './webhookAddress';

/** What one attempt came to: for a webhook, the receiver's HTTP status; why it failed otherwise. */
export type Outcome = { ok: boolean; statusCode: number | null; error: string | null };

export type Channels = {
  send(
    channel: AlertChannel,
    to: { target: string; secret: string | null },
    body: TAlertWebhookBody,
    now: Date,
  ): Promise<Outcome>;
  close(): void;
};

/** The headers a webhook carries: the Unix time in seconds, and `v1=` the hex HMAC-SHA256 of `<timestamp>.<body>`. */
export const WEBHOOK_TIMESTAMP_HEADER = 'x-signage-timestamp';
export const WEBHOOK_SIGNATURE_HEADER = 'x-signage-signature';
/** A receiver that has not answered in this long fails the attempt. */
const WEBHOOK_TIMEOUT_MS = 10_000;
/** How much of a failure's text the delivery log keeps. */
const ERROR_TEXT = 300;

export function webhookSignature(secret: string, timestamp: string, body: string): string {
  return `v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

const CONDITION_TEXT: Record<TAlertPlayer['condition'], [alert: string, recovery: string]> = {
  offline: ['offline', 'back online'],
  behind: ['behind on delivery', 'up to date again'],
  playback_error: ['reporting playback errors', 'playing without errors again'],
};

/** The e-mail's subject and text: one line per player (country, store code and name, player, since when). */
export function emailOf(body: TAlertWebhookBody): { subject: string; text: string } {
  const recovery = body.kind === 'recovery';
  const n = body.players.length;
  const subject = recovery
    ? `Signage: ${n} ${n === 1 ? 'player is' : 'players are'} back to normal`
    : `Signage alert: ${n} ${n === 1 ? 'player needs' : 'players need'} attention`;
  const lines = body.players.map((player) => {
    const what = CONDITION_TEXT[player.condition][recovery ? 1 : 0];
    const since = player.since ? ` (${recovery ? 'at' : 'since'} ${player.since})` : '';
    return `- ${player.region} ${player.shop_no} ${player.shop_name} / ${player.device_name}: ${what}${since}`;
  });
  const text = [
    recovery ? 'These players are back to normal:' : 'These players need attention:',
    '',
    ...lines,
    '',
    'Times are UTC. Manage your alerts in the console (Alerts).',
  ].join('\n');
  return { subject, text };
}

const failure = (error: unknown, statusCode: number | null = null): Outcome => ({
  ok: false,
  statusCode,
  error: (error instanceof Error ? error.message : String(error)).slice(0, ERROR_TEXT),
});

/** One POST of `json` to `url`, connected to the address that was checked; answers the receiver's status. */
function post(url: URL, to: CheckedAddress, headers: Record<string, string>, json: string): Promise<number> {
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const outgoing = request(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(json)) },
        // The name is not looked up again: the connection goes to the address checked (TLS still checks the name).
        lookup: (_host, options, callback) => {
          if ((options as { all?: boolean }).all) callback(null, [to]);
          else (callback as (e: null, a: string, f: number) => void)(null, to.address, to.family);
        },
        signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
      },
      (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(json);
  });
}

async function sendWebhook(
  target: string,
  secret: string,
  body: TAlertWebhookBody,
  now: Date,
  allowPrivate: boolean,
): Promise<Outcome> {
  const json = JSON.stringify(body);
  const timestamp = String(Math.floor(now.getTime() / 1000));
  try {
    const url = new URL(target);
    const status = await post(
      url,
      await checkedAddress(url.hostname, allowPrivate),
      {
        'content-type': 'application/json',
        [WEBHOOK_TIMESTAMP_HEADER]: timestamp,
        [WEBHOOK_SIGNATURE_HEADER]: webhookSignature(secret, timestamp, json),
      },
      json,
    );
    // Redirects are not followed (a 3xx is a failure): the receiver is the address the subscriber gave.
    if (status >= 200 && status < 300) return { ok: true, statusCode: status, error: null };
    return failure(`the receiver answered HTTP ${status}`, status);
  } catch (error) {
    return failure(error);
  }
}

/** The channels of one server: e-mail through SMTP_URL (when set), webhooks by HTTP POST. */
export function createChannels({
  smtpUrl,
  from,
  allowPrivateWebhooks,
}: Pick<AlertsConfig, 'smtpUrl' | 'from' | 'allowPrivateWebhooks'>): Channels {
  const mailer = smtpUrl ? nodemailer.createTransport(smtpUrl) : undefined;
  return {
    async send(channel, to, body, now) {
      if (channel === 'webhook') return sendWebhook(to.target, to.secret ?? '', body, now, allowPrivateWebhooks);
      if (!mailer) return failure(ALERT_MESSAGES.noSmtp);
      try {
        await mailer.sendMail({ from, to: to.target, ...emailOf(body) });
        return { ok: true, statusCode: null, error: null };
      } catch (error) {
        return failure(error);
      }
    },
    close() {
      mailer?.close();
    },
  };
}
