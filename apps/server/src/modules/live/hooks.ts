import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ModulePlugin } from '../types';
import { confirmPublisher, finishBroadcast, type Publisher, startBroadcast } from './broadcasts';

/** The address nginx's on_publish, on_publish_done and on_update call (`/publish` and so on under it). */
export const LIVE_HOOK_PREFIX = '/internal/live';

const HOOK_BODY_LIMIT = 16 * 1024;
/** nginx-rtmp's connection ids are unsigned numbers. */
const CLIENT_ID = /^\d{1,20}$/;
/** Stream names as nginx passes them: bounded, printable; only the key check says whether one is valid. */
const STREAM_NAME = /^[\x21-\x7e]{1,256}$/;

function publisherOf(body: unknown): Publisher | null {
  const fields = (body ?? {}) as Record<string, unknown>;
  const key = fields.name;
  const client = fields.clientid;
  if (typeof key !== 'string' || typeof client !== 'string') return null;
  if (!STREAM_NAME.test(key) || !CLIENT_ID.test(client)) return null;
  return { key, client };
}

/**
 * nginx-rtmp's notify hooks (form posts; any 2xx lets the publisher go on, anything else makes nginx close
 * its connection). They carry the stream key as `name`: it is checked and never logged, and the secret in
 * the address is left out of the request log. Not part of the API: no contract, not in the OpenAPI document.
 */
export const liveHookRoutes: ModulePlugin = async (app, { deps }) => {
  const { media } = deps;
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: HOOK_BODY_LIMIT },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  const refuse = (reply: FastifyReply, status: number) => reply.code(status).type('text/plain').send('refused');
  const hook =
    (handle: (publisher: Publisher, request: FastifyRequest) => Promise<boolean>) =>
    async (request: FastifyRequest, reply: FastifyReply) => {
      const secret = (request.query as Record<string, unknown>).secret;
      if (typeof secret !== 'string' || !media.liveIngest.acceptsHookSecret(secret)) {
        request.log.warn('live hook: called without the ingest secret; refused');
        return refuse(reply, 403);
      }
      const publisher = publisherOf(request.body);
      if (!publisher) return refuse(reply, 400);
      return (await handle(publisher, request)) ? reply.type('text/plain').send('ok') : refuse(reply, 403);
    };
  const options = {
    config: { public: true, redactQuery: true },
    bodyLimit: HOOK_BODY_LIMIT,
    schema: { hide: true },
  } as const;

  app.post(
    '/publish',
    options,
    hook(async (publisher, request) => {
      const contentId = await startBroadcast(deps, publisher);
      const addr = (request.body as Record<string, unknown>).addr;
      if (contentId) request.log.info({ contentId, client: publisher.client, addr }, 'live: on air');
      else
        request.log.warn(
          { client: publisher.client, addr },
          'live: publish refused: no live content has this stream key',
        );
      return contentId !== null;
    }),
  );
  app.post(
    '/publish_done',
    options,
    hook(async (publisher, request) => {
      const ended = await finishBroadcast(deps, publisher);
      for (const contentId of ended) request.log.info({ contentId, client: publisher.client }, 'live: off air');
      return true;
    }),
  );
  app.post(
    '/update',
    options,
    hook(async (publisher, request) => {
      const kept = await confirmPublisher(deps, publisher);
      if (!kept)
        request.log.info({ client: publisher.client }, 'live: publisher dropped: its stream key no longer works');
      return kept;
    }),
  );
};
