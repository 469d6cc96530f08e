import { streamKeyHash } from '../../live';
import { notifyLive } from '../../push';
import { findSelfHostedStreamByKey } from '../contents';
import type { AppDeps } from '../types';
import { confirmBroadcast, type EndReason, endAllBroadcasts, endClientBroadcast, isOnAir, openBroadcast } from './repo';

type Deps = Pick<AppDeps, 'db' | 'contentPlayers'>;

/** One publisher as nginx names it: its stream key (the stream name) and its connection id. */
export type Publisher = { key: string; client: string };

/**
 * on_publish: the key must be the current key of a non-deleted self-hosted stream; then its broadcast
 * opens and, when it was off air, the players whose manifest carries it are told (in the same transaction).
 * Answers the content id, or null to refuse (nginx then closes the encoder's connection).
 */
export async function startBroadcast(deps: Deps, publisher: Publisher, now = new Date()): Promise<string | null> {
  return deps.db.transaction(async (tx) => {
    const content = await findSelfHostedStreamByKey(tx, publisher.key, { lock: true });
    if (!content) return null;
    const { wasOnAir } = await openBroadcast(
      tx,
      { contentId: content.id, client: publisher.client, keyHash: streamKeyHash(publisher.key) },
      now,
    );
    if (!wasOnAir) await notifyLive(tx, await deps.contentPlayers(tx, content.id), content.id, true);
    return content.id;
  });
}

/** on_publish_done: the publisher's broadcast ends; players hear of it when nothing else keeps it on air. */
export async function finishBroadcast(
  deps: Deps,
  publisher: Publisher,
  reason: EndReason = 'publish_done',
  now = new Date(),
): Promise<string[]> {
  return deps.db.transaction(async (tx) => {
    const ended = await endClientBroadcast(
      tx,
      { client: publisher.client, keyHash: streamKeyHash(publisher.key) },
      reason,
      now,
    );
    for (const contentId of ended) {
      if (!(await isOnAir(tx, contentId, now))) {
        await notifyLive(tx, await deps.contentPlayers(tx, contentId), contentId, false);
      }
    }
    return ended;
  });
}

/**
 * on_update (every few seconds per publisher): still a valid key? Then its broadcast is confirmed, or opened
 * again if the server had closed it (it restarted, or stopped hearing from nginx). A key that no longer
 * works (rotated, content deleted) is refused: nginx drops the publisher, the broadcast ends.
 */
export async function confirmPublisher(deps: Deps, publisher: Publisher, now = new Date()): Promise<boolean> {
  const keyHash = streamKeyHash(publisher.key);
  const kept = await deps.db.transaction(async (tx) => {
    const content = await findSelfHostedStreamByKey(tx, publisher.key, { lock: true });
    if (!content) return false;
    const values = { contentId: content.id, client: publisher.client, keyHash };
    if ((await confirmBroadcast(tx, values, now)) === 0) {
      const { wasOnAir } = await openBroadcast(tx, values, now);
      if (!wasOnAir) await notifyLive(tx, await deps.contentPlayers(tx, content.id), content.id, true);
    }
    return true;
  });
  if (!kept) await finishBroadcast(deps, publisher, 'refused', now);
  return kept;
}

/** Every broadcast ends at once (the embedded nginx stopped or starts again); their players are told. */
export async function endEveryBroadcast(deps: Deps, reason: EndReason, now = new Date()): Promise<string[]> {
  return deps.db.transaction(async (tx) => {
    const ended = await endAllBroadcasts(tx, reason, now);
    for (const contentId of ended) await notifyLive(tx, await deps.contentPlayers(tx, contentId), contentId, false);
    return ended;
  });
}
