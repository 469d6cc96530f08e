import type { z } from 'zod';
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

/** Where the player protocol lives; its version is part of the path. */
export const AGENT_PREFIX = '/agent/v1';

/**
 * One call of the player protocol: method, full path, the request body and the `data` of its success
 * envelope, and whether it needs the device token. Server and agent client both read these.
 */
export type AgentContract<Body extends z.ZodType = z.ZodType, Response extends z.ZodType = z.ZodType> = {
  method: 'POST';
  path: `${typeof AGENT_PREFIX}/${string}`;
  body: Body;
  response: Response;
  auth: 'none' | 'device';
};

const contract = <Body extends z.ZodType, Response extends z.ZodType>(c: AgentContract<Body, Response>) => c;

export const AGENT_CONTRACTS = {
  announce: contract({
    method: 'POST',
    path: '/agent/v1/announce',
    body: ZAnnounce,
    response: ZAnnounceReply,
    auth: 'none',
  }),
  pair: contract({ method: 'POST', path: '/agent/v1/pair', body: ZPair, response: ZPairReply, auth: 'none' }),
  heartbeat: contract({
    method: 'POST',
    path: '/agent/v1/heartbeat',
    body: ZHeartbeat,
    response: ZHeartbeatReply,
    auth: 'device',
  }),
  logs: contract({
    method: 'POST',
    path: '/agent/v1/logs',
    body: ZLogUpload,
    response: ZLogUploadReply,
    auth: 'device',
  }),
} as const;

/** The path of a call below AGENT_PREFIX, as the server registers it. */
export const agentRoutePath = (c: AgentContract) => c.path.slice(AGENT_PREFIX.length);
