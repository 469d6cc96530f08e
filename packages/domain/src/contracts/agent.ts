import {
  ZAnnounce,
  ZAnnounceReply,
  ZHeartbeat,
  ZHeartbeatReply,
  ZLogUpload,
  ZLogUploadReply,
  ZPair,
  ZPairReply,
} from '../schemas/agent';
import { type Contract, defineContract } from './contract';

/** Where the player protocol lives; its version is part of the path. */
export const AGENT_PREFIX = '/agent/v1';

/**
 * The player protocol (ARCHITECTURE.md section 5) as contracts like /api's: announce and pair are open,
 * the others need the device token from pairing ('device'). Server and agent client both read these.
 */
export const AGENT_CONTRACTS = {
  announce: defineContract({
    method: 'POST',
    path: '/agent/v1/announce',
    body: ZAnnounce,
    response: ZAnnounceReply,
    errors: [400],
    roles: 'public',
    summary:
      'A player announces its serial (and optionally the IANA zone of its clock); idempotent. Answers its state: waiting, registered or activated',
    tags: ['agent'],
  }),
  pair: defineContract({
    method: 'POST',
    path: '/agent/v1/pair',
    body: ZPair,
    response: ZPairReply,
    errors: [400, 401, 429],
    roles: 'public',
    summary: 'Trade serial + PIN for a device token. PINs are single use and expire; wrong guesses are throttled',
    tags: ['agent'],
  }),
  heartbeat: defineContract({
    method: 'POST',
    path: '/agent/v1/heartbeat',
    body: ZHeartbeat,
    response: ZHeartbeatReply,
    errors: [400],
    roles: 'device',
    summary:
      'Bearer device token. Sets last_accessed and is_alive (and records the IANA time_zone the player reports); a player missing 3 windows of 60 s shows as Issue',
    tags: ['agent'],
  }),
  logs: defineContract({
    method: 'POST',
    path: '/agent/v1/logs',
    body: ZLogUpload,
    response: ZLogUploadReply,
    errors: [400, 413],
    roles: 'device',
    summary: 'Bearer device token. Upload one log file with its level and time range',
    tags: ['agent'],
  }),
} as const;

export const AGENT_CONTRACT_LIST: readonly Contract[] = Object.values(AGENT_CONTRACTS);
