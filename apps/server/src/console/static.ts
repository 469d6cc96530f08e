import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Paths the console never owns: a miss there is a JSON 404, never the SPA. */
const NON_SPA_PREFIXES = ['/api', '/agent', '/media', '/player'];

export const CONSOLE_MISSING_NOTE =
  'Signage Console: the server is running, but the console has not been built yet.\n' +
  'Run `npm run build` (or start with `npm start`, which builds first), then reload this page.\n' +
  'The API is available under /api (documentation at /api/docs).\n';

export type ConsoleServing = {
  /** Whether this request is a browser navigation the SPA should answer. */
  wantsSpa: (request: FastifyRequest) => boolean;
  /** Answers with index.html (or the how-to-build note when there is no build). */
  sendIndex: (reply: FastifyReply) => FastifyReply;
};

function isUnder(url: string, prefix: string): boolean {
  return url === prefix || url.startsWith(`${prefix}/`) || url.startsWith(`${prefix}?`);
}

/**
 * Serves the built console: hashed files under /assets cached for a year, everything else
 * (index.html above all) revalidated on each load so a deploy shows up at once. The build writes
 * brotli and gzip copies next to each file (apps/console/build/precompress.ts); the one the
 * browser accepts is sent as is (br before gzip before identity) with `Vary: Accept-Encoding`.
 * Without a build the server still starts and `/` explains how to make one.
 */
export async function registerConsole(app: FastifyInstance, dist: string): Promise<ConsoleServing> {
  const available = fs.existsSync(path.join(dist, 'index.html'));

  if (available) {
    await app.register(fastifyStatic, {
      root: dist,
      prefix: '/',
      wildcard: true,
      index: ['index.html'],
      preCompressed: true,
      setHeaders: (reply, filePath) => {
        const immutable = path.relative(dist, filePath).split(path.sep)[0] === 'assets';
        reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  } else {
    app.get('/', { schema: { hide: true } }, async (_request, reply) =>
      reply.type('text/plain; charset=utf-8').send(CONSOLE_MISSING_NOTE),
    );
  }

  return {
    wantsSpa: (request) =>
      (request.method === 'GET' || request.method === 'HEAD') &&
      !NON_SPA_PREFIXES.some((prefix) => isUnder(request.url, prefix)) &&
      (request.headers.accept ?? '').includes('text/html'),
    sendIndex: (reply) =>
      available
        ? reply.sendFile('index.html')
        : reply.type('text/plain; charset=utf-8').header('cache-control', 'no-cache').send(CONSOLE_MISSING_NOTE),
  };
}
