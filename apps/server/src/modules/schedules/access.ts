import {
  contentFitsPlayer,
  displayPatternLabel,
  type LocalDate,
  licenceDayIn,
  MESSAGES,
  type ScheduleValues,
  validateScheduleValues,
} from '@signage/domain';
import { canSeeContent, reachedOr404, reachesPlayerRow } from '../../auth/rows';
import type { SessionUser } from '../../auth/sessions';
import type { Database } from '../../db/client';
import { HttpError, notFound } from '../../http/envelope';
import { type ContentRow, findContentsById, lockLiveContents } from '../contents';
import { type DeviceRow, findDevicesByCode, lockPlayers } from '../players';
import { zoneOfPlayer } from './rows';

export const unique = <T>(items: readonly T[]) => [...new Set(items)];

/**
 * The players a write names, each checked against the user's reach (auth/rows.ts): 404 for a player that
 * does not exist, was deleted or lies outside the user's region or shop. Answered in the order asked.
 */
export async function checkedPlayers(db: Database, user: SessionUser, codes: readonly string[]): Promise<DeviceRow[]> {
  const asked = unique(codes);
  const rows = new Map((await findDevicesByCode(db, asked)).map((row) => [row.deviceCode, row]));
  return asked.map((code) => reachedOr404(rows.get(code), (row) => reachesPlayerRow(user, row)));
}

/**
 * The contents a write names, in order (a playlist may repeat one): 404 for an id that does not exist, was
 * deleted or is another region's content (region-bound users reach their region's and the global ones, as
 * the contents list shows them: auth/rows.ts).
 */
export async function checkedContents(db: Database, user: SessionUser, ids: readonly string[]): Promise<ContentRow[]> {
  const rows = new Map((await findContentsById(db, unique(ids))).map((row) => [row.id, row]));
  return ids.map((id) => reachedOr404(rows.get(id), (row) => row.deletedAt === null && canSeeContent(user, row)));
}

const bad = (message: string, detail: string) => new HttpError(400, `${message}: ${detail}`);

/**
 * The rules between a schedule's contents and its players. The first content decides the kind: images and
 * movies, or live streams only. Contents in `fresh` (newly put on the schedule) must not have expired by
 * `today`, nor be a content whose processing failed (its upload never became playable). Every content must fit every player's display pattern (contentFitsPlayer). Answers whether the
 * schedule is live.
 */
export function checkContents(
  contents: readonly ContentRow[],
  players: readonly DeviceRow[],
  context: { today: LocalDate; fresh: (contentId: string) => boolean },
): boolean {
  const live = contents[0]?.type === 'stream';
  const other = contents.find((content) => (content.type === 'stream') !== live);
  if (other) throw bad(MESSAGES.scheduleMixedKinds, `"${other.name}"`);
  // A licence is judged by the store's day, in each player's configured zone (licenceDayIn): expired at any of
  // the schedule's players, it would not play there.
  const days = players.length > 0 ? players.map((p) => licenceDayIn(zoneOfPlayer(p))) : [context.today];
  const expired = contents.find(
    (content) =>
      context.fresh(content.id) && content.licenseTo !== null && days.some((day) => (content.licenseTo ?? '') < day),
  );
  if (expired) throw bad(MESSAGES.scheduleContentExpired, `"${expired.name}" (${expired.licenseTo})`);
  const failed = contents.find((content) => context.fresh(content.id) && content.processingState === 'failed');
  if (failed) throw bad(MESSAGES.scheduleContentProcessingFailed, `"${failed.name}"`);
  for (const content of contents) {
    const player = players.find((p) => !contentFitsPlayer(content.displayPattern, p.displayPattern));
    if (player) {
      throw bad(
        MESSAGES.scheduleDisplayPatternMismatch,
        `"${content.name}" (${displayPatternLabel(content.displayPattern)}) / ${player.shopName} ${player.shopNo} ${player.deviceCode} (${displayPatternLabel(player.displayPattern)})`,
      );
    }
  }
  return live;
}

/** validateScheduleValues or 400 with the first rule broken (its catalogue text). */
export function checkValues(values: ScheduleValues, context: { today: LocalDate; checkStart: boolean }) {
  const [issue] = validateScheduleValues(values, context);
  if (issue) throw new HttpError(400, issue.message);
}

/**
 * Inside a schedule write's transaction, level 1 of the lock order (devices/repo.ts, lockPlayers), before
 * the schedule's row: the contents it puts on the schedule are locked against a concurrent delete. false
 * when one was deleted since it was checked (404); a write that checks them only after this, in the same
 * transaction, sees such a delete there.
 */
export async function lockContents(tx: Database, contentIds: readonly string[]): Promise<boolean> {
  const found = await lockLiveContents(tx, contentIds);
  return found.length === new Set(contentIds).size;
}

/**
 * Level 3 of the lock order, before any of them is written: every player the write touches (`touched`: those
 * the schedule had and has; their manifests and last ends change), in code order. A player newly put on the
 * schedule (`added`) that was deleted since it was checked answers 404.
 */
export async function lockScheduledPlayers(tx: Database, touched: readonly string[], added: readonly string[]) {
  const live = new Set(await lockPlayers(tx, [...touched, ...added]));
  if (added.some((code) => !live.has(code))) throw notFound();
}
