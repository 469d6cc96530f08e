import {
  AGENT_LOG_MAX_BYTES,
  ZAnnounce,
  ZAnnounceReply,
  ZHeartbeat,
  ZHeartbeatReply,
  ZLogUpload,
  ZLogUploadReply,
  ZPair,
  ZPairReply,
} from '@signage/domain';
import { ok, responses } from '../http/envelope';
import type { ModulePlugin } from '../modules/types';
import { type AgentDevice, announce, authenticate, heartbeat, pair, uploadLog } from './service';

const devicesOf = new WeakMap<object, AgentDevice>();

function deviceOf(request: object): AgentDevice {
  const device = devicesOf.get(request);
  if (!device) throw new Error('agent route without its token check');
  return device;
}

/**
 * The player protocol, version 1 (ARCHITECTURE.md section 5). Announce and pair are open; the other
 * calls need the device token from pairing as `Authorization: Bearer <token>`.
 */
export const agentRoutes: ModulePlugin = async (app, { deps: { db, media } }) => {
  // The token is checked before the body is read: a call without a valid token gets 401, never 400.
  const withToken = async (request: { headers: { authorization?: string } }) => {
    devicesOf.set(request, await authenticate(db, request.headers.authorization));
  };

  app.post('/announce', {
    schema: {
      tags: ['agent'],
      summary:
        'A player announces its serial (and optionally the IANA zone of its clock); idempotent. Answers its state: waiting, registered or activated',
      body: ZAnnounce,
      response: responses(ZAnnounceReply, 400),
    },
    handler: async (request) => ok(await announce(db, request.body)),
  });

  app.post('/pair', {
    schema: {
      tags: ['agent'],
      summary: 'Trade serial + PIN for a device token. PINs are single use and expire; wrong guesses are throttled',
      body: ZPair,
      response: responses(ZPairReply, 400, 401, 429),
    },
    handler: async (request) => ok(await pair(db, { ...request.body, address: request.ip })),
  });

  app.post('/heartbeat', {
    schema: {
      tags: ['agent'],
      summary:
        'Bearer device token. Sets last_accessed and is_alive (and records the IANA time_zone the player reports); a player missing 3 windows of 60 s shows as Issue',
      body: ZHeartbeat,
      response: responses(ZHeartbeatReply, 400, 401),
    },
    onRequest: withToken,
    handler: async (request) => ok(await heartbeat(db, deviceOf(request), request.body)),
  });

  app.post('/logs', {
    bodyLimit: AGENT_LOG_MAX_BYTES * 2,
    schema: {
      tags: ['agent'],
      summary: 'Bearer device token. Upload one log file with its level and time range',
      body: ZLogUpload,
      response: responses(ZLogUploadReply, 400, 401, 413),
    },
    onRequest: withToken,
    handler: async (request) => ok(await uploadLog(db, media.blobs, deviceOf(request), request.body)),
  });
};
