import { API, CONTENT_MESSAGES, pathOf, type TLiveStatus, type TStreamKeyReply } from '@signage/domain';
import type { FastifyBaseLogger } from 'fastify';
import { recordAudit } from '../../audit/repo';
import type { SessionUser } from '../../auth/sessions';
import { HttpError, notFound } from '../../http/envelope';
import { newStreamKey } from '../../live';
import { notifyLive } from '../../push';
import { replaceStreamKey, visibleContent } from '../contents';
import type { AppDeps } from '../types';
import { broadcastTimes, endContentBroadcasts } from './repo';

/** A live content the user may read (region scope as GET /api/contents/:key): 404 for anything else. */
async function visibleStream(deps: Pick<AppDeps, 'db'>, user: SessionUser, contentId: string) {
  const row = await visibleContent(deps.db, user, contentId);
  if (row.type !== 'stream') throw notFound();
  return row;
}

/** GET /api/live/:content_id/status: on air or not, since when, and where the console plays it. */
export async function liveStatus(
  deps: Pick<AppDeps, 'db' | 'media'>,
  user: SessionUser,
  contentId: string,
): Promise<TLiveStatus> {
  const row = await visibleStream(deps, user, contentId);
  const ownIngest = row.livePlatform === 'selfhosted';
  const times = ownIngest ? await broadcastTimes(deps.db, row.id, new Date()) : { onAirSince: null, lastEndedAt: null };
  return {
    content_id: row.id,
    on_air: times.onAirSince !== null,
    on_air_since: times.onAirSince?.toISOString() ?? null,
    last_ended_at: times.lastEndedAt?.toISOString() ?? null,
    playback_url: pathOf(API.live.file, { content_id: row.id, file: 'index.m3u8' }),
    ingest: ownIngest ? deps.media.liveIngest.state() : 'external',
  };
}

/**
 * POST /api/contents/:key/stream-key: a new key for a stream of our own ingest (409 for any other content:
 * an image or movie has no key, another platform issues its own). In one transaction the key is replaced,
 * a running broadcast ends and its players hear it went off air; then the ingest drops the publisher of the
 * old key (which the publish hook refuses from the commit on). The audit entry never holds a key.
 */
export async function rotateStreamKey(
  deps: Pick<AppDeps, 'db' | 'media' | 'contentPlayers'>,
  user: SessionUser,
  key: string,
  host: string,
  log: FastifyBaseLogger,
): Promise<TStreamKeyReply> {
  const row = await visibleContent(deps.db, user, key);
  if (row.type !== 'stream') throw new HttpError(409, CONTENT_MESSAGES.notLiveStream);
  const rtmpUrl = deps.media.liveIngest.rtmpUrl(host);
  if (row.livePlatform !== 'selfhosted' || rtmpUrl === null) {
    throw new HttpError(409, CONTENT_MESSAGES.streamKeyNotRenewable);
  }
  const streamKey = newStreamKey();
  const now = new Date();
  await deps.db.transaction(async (tx) => {
    if (!(await replaceStreamKey(tx, row.id, streamKey))) throw notFound();
    if (await endContentBroadcasts(tx, row.id, 'rotated', now)) {
      await notifyLive(tx, await deps.contentPlayers(tx, row.id), row.id, false);
    }
    await recordAudit(tx, {
      actor: user.userId,
      action: 'content.stream_key',
      target: row.id,
      region: row.region || user.region,
    });
  });
  if (row.streamKey) await deps.media.liveIngest.cut(row.streamKey, log);
  return { rtmp_url: rtmpUrl, stream_key: streamKey };
}
