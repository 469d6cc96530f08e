import { PassThrough } from 'node:stream';
import { AGENT_CONTRACTS, AGENT_EVENTS_PING_SECONDS, type AgentEventName } from '@signage/domain';
import { route } from '../http/route';
import type { ModulePlugin } from '../modules/types';

/**
 * GET /agent/v1/events: the push channel, as Server-Sent Events. SSE rather than WebSocket: the traffic is
 * one way (the server says 'collect now'; everything else stays plain HTTP calls), it is ordinary HTTP that
 * proxies and load balancers already pass, and the player reads it with fetch so its token travels in the
 * Authorization header as on every other call. A ': ping' comment every 25 s keeps idle proxies from closing
 * it; the player reconnects with backoff and jitter and polls every 60 s whatever happens.
 */
export const eventsRoute: ModulePlugin = async (app, { deps: { push } }) => {
  route(app, AGENT_CONTRACTS.events, async ({ device, reply }) => {
    const body = new PassThrough();
    let open = true;
    const write = (event: AgentEventName, data: unknown) => {
      if (open) body.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    };
    const close = () => {
      if (!open) return;
      open = false;
      clearInterval(ping);
      unsubscribe();
      body.end();
    };
    const ping = setInterval(() => body.write(': ping\n\n'), AGENT_EVENTS_PING_SECONDS * 1000);
    ping.unref();
    write('hello', { device_code: device.deviceCode, server_time: new Date().toISOString() });
    const unsubscribe = push.hub.subscribe(device.deviceCode, { send: write, close });
    // The response's close: the player went away, or the stream ended.
    reply.raw.on('close', close);
    return (
      reply
        .header('content-type', 'text/event-stream; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('connection', 'close')
        // nginx and similar proxies would otherwise buffer the stream until it ends.
        .header('x-accel-buffering', 'no')
        .send(body)
    );
  });
};
