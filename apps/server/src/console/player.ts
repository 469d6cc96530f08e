import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

export const PLAYER_MISSING_NOTE =
  'Signage Player: the web player has not been built yet. Run `npm run build` (or `npm start`), then reload.\n';

/**
 * Serves the built web player (apps/player) at /player/: hashed files under /player/assets cached for a year,
 * index.html revalidated on each load so a store screen picks up a new player at its next reload. /player
 * without the slash goes to /player/ (the player's relative asset paths need it).
 */
export async function registerPlayer(app: FastifyInstance, dist: string): Promise<void> {
  app.get('/player', { schema: { hide: true } }, async (request, reply) => {
    const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
    return reply.redirect(`/player/${query}`);
  });
  if (!fs.existsSync(path.join(dist, 'index.html'))) {
    app.get('/player/', { schema: { hide: true } }, async (_request, reply) =>
      reply.type('text/plain; charset=utf-8').header('cache-control', 'no-cache').send(PLAYER_MISSING_NOTE),
    );
    return;
  }
  await app.register(fastifyStatic, {
    root: dist,
    prefix: '/player/',
    decorateReply: false,
    index: ['index.html'],
    setHeaders: (reply, filePath) => {
      const immutable = path.relative(dist, filePath).split(path.sep)[0] === 'assets';
      reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
}
