import {
  EMERGENCY_MAX_HOURS,
  EMERGENCY_PAGE,
  type EmergencyKind,
  type EmergencyState,
  licenceDayIn,
  MESSAGES,
  MORE_RESULTS,
  NO_MORE_RESULTS,
  parseZone,
  type TEmergency,
  type TEmergencyList,
  type TEmergencyListQuery,
  type TEmergencyPost,
  UTC,
} from '@signage/domain';
import { recordAudit } from '../../audit/repo';
import { boundsOf } from '../../auth/policies';
import type { SessionUser } from '../../auth/sessions';
import type { Database } from '../../db/client';
import { decodeCursor, encodeCursor } from '../../http/cursor';
import { HttpError, notFound } from '../../http/envelope';
import { findContentsById, visibleContent } from '../contents';
import { changeManifests, selectReachedPlayers } from '../players';
import { emergencyPlayersShown } from '../plays';
import {
  type EmergencyRow,
  emergencyDeviceCodes,
  emergencyPage,
  insertEmergency,
  lockEmergency,
  markCancelled,
} from './repo';

export function emergencyState(row: EmergencyRow, now: Date): EmergencyState {
  if (row.cancelledAt !== null) return 'cancelled';
  return row.endsAt > now ? 'active' : 'ended';
}

function present(row: EmergencyRow, names: ReadonlyMap<string, string>, shown: number, now: Date): TEmergency {
  return {
    emergency_id: row.emergencyId,
    kind: row.kind as EmergencyKind,
    text: row.text,
    content_id: row.contentId,
    content_name: row.contentId ? (names.get(row.contentId) ?? null) : null,
    target: row.target,
    region: row.region,
    state: emergencyState(row, now),
    created_by: row.createdBy,
    starts_at: row.startsAt.toISOString(),
    ends_at: row.endsAt.toISOString(),
    cancelled_at: row.cancelledAt?.toISOString() ?? null,
    cancelled_by: row.cancelledBy,
    players: row.playerCount,
    players_shown: shown,
  };
}

async function presentAll(db: Database, rows: EmergencyRow[], now: Date): Promise<TEmergency[]> {
  const ids = [...new Set(rows.flatMap((row) => (row.contentId ? [row.contentId] : [])))];
  const [contents, shown] = await Promise.all([
    findContentsById(db, ids),
    emergencyPlayersShown(
      db,
      rows.map((row) => row.emergencyId),
    ),
  ]);
  const names = new Map(contents.map((row) => [row.id, row.name]));
  return rows.map((row) => present(row, names, shown.get(row.emergencyId) ?? 0, now));
}

/** The region a user's messages belong to: a region-bound poster's own, null for DS_FRIT (any region). */
const regionOf = (user: SessionUser) => boundsOf(user)?.region ?? null;

/** The image of an image message: an image content the user sees (404 otherwise) that is ready. */
async function readyImage(db: Database, user: SessionUser, contentId: string) {
  const row = await visibleContent(db, user, contentId);
  if (row.type !== 'image' || row.processingState !== 'ready' || row.mediaKey === null) {
    throw new HttpError(400, MESSAGES.emergencyImageUnusable);
  }
  return row;
}

/**
 * Whether an image's licence has ended for every one of these players. A licence is judged by the store's day
 * in the player's configured zone (licenceDayIn), as a schedule's manifest judges it: a message reaching stores
 * on both sides of a date line is posted while its image is licensed at one of them, and each player's manifest
 * leaves the image out where the licence has ended (agent/manifest.ts).
 */
function licenceEndedForAll(licenseTo: string | null, players: readonly { timeZone: string }[], now: Date): boolean {
  if (licenseTo === null) return false;
  const zones = new Set(players.map((player) => player.timeZone));
  return [...zones].every((zone) => licenseTo < licenceDayIn(parseZone(zone) ?? UTC, now));
}

/**
 * Posts a message: checked (an end in the future within EMERGENCY_MAX_HOURS, a ready image the user sees, at
 * least one player of the selection within reach, the image's licence not ended for all of them), then stored
 * with its players, audited and pushed in one transaction: their manifests change (changeManifests), so every
 * server holding a player's channel sends it its new manifest at commit, and a player offline now finds it in
 * its manifest when it comes back.
 */
export async function postEmergency(db: Database, user: SessionUser, body: TEmergencyPost): Promise<TEmergency> {
  const now = new Date();
  const endsAt = new Date(body.ends_at);
  if (endsAt <= now) throw new HttpError(400, MESSAGES.emergencyEndPast);
  if (endsAt.getTime() - now.getTime() > EMERGENCY_MAX_HOURS * 3600_000) {
    throw new HttpError(400, MESSAGES.emergencyEndTooFar);
  }
  const image = body.kind === 'image' && body.content_id ? await readyImage(db, user, body.content_id) : null;
  const players = await selectReachedPlayers(db, user, body.target);
  if (players.length === 0) throw new HttpError(400, MESSAGES.emergencyNoPlayers);
  if (image && licenceEndedForAll(image.licenseTo, players, now)) {
    throw new HttpError(400, MESSAGES.emergencyImageUnusable);
  }
  const codes = players.map((player) => player.deviceCode);
  const region = regionOf(user);
  const row = await db.transaction(async (tx) => {
    const stored = await insertEmergency(
      tx,
      {
        kind: body.kind,
        text: body.kind === 'text' ? (body.text ?? null) : null,
        contentId: image?.id ?? null,
        target: body.target,
        region,
        createdBy: user.userId,
        startsAt: now,
        endsAt,
      },
      codes,
    );
    await recordAudit(tx, {
      actor: user.userId,
      action: 'emergency.post',
      target: stored.emergencyId,
      region: region ?? '',
      detail: {
        kind: stored.kind,
        text: stored.text,
        content_id: stored.contentId,
        target: body.target,
        ends_at: endsAt.toISOString(),
        players: codes.length,
      },
    });
    await changeManifests(tx, codes, 'emergency');
    return stored;
  });
  return present(row, new Map(image ? [[image.id, image.name]] : []), 0, now);
}

/** A page of the messages within the user's region (DS_FRIT: all), newest first; 400 for a cursor not ours. */
export async function listEmergencies(
  db: Database,
  user: SessionUser,
  query: TEmergencyListQuery,
): Promise<TEmergencyList> {
  const after = decodeCursor(query.endCursor, { uuidKey: true });
  const bounds = boundsOf(user);
  const region = bounds?.region === null ? undefined : (bounds?.region ?? '');
  const rows = await emergencyPage(db, region, after, EMERGENCY_PAGE);
  const more = rows.length > EMERGENCY_PAGE;
  const page = rows.slice(0, EMERGENCY_PAGE);
  const last = page.at(-1);
  return {
    emergencies: await presentAll(db, page, new Date()),
    summary: {
      endCursor: more && last ? encodeCursor(last.createdAt, last.emergencyId) : null,
      moreResults: more ? MORE_RESULTS : NO_MORE_RESULTS,
    },
  };
}

/**
 * Ends a message now: its players' manifests change in the same transaction, so they go back to their
 * schedule at once. Another region's message is 404; one already ended or cancelled is 409.
 */
export async function cancelEmergency(db: Database, user: SessionUser, emergencyId: string): Promise<TEmergency> {
  const bounds = boundsOf(user);
  const row = await db.transaction(async (tx) => {
    const found = await lockEmergency(tx, emergencyId);
    if (!found || (bounds?.region !== null && found.region !== bounds?.region)) throw notFound();
    const now = new Date();
    if (emergencyState(found, now) !== 'active') throw new HttpError(409, MESSAGES.emergencyNotActive);
    const cancelled = await markCancelled(tx, emergencyId, user.userId, now);
    await recordAudit(tx, {
      actor: user.userId,
      action: 'emergency.cancel',
      target: emergencyId,
      region: found.region ?? '',
      detail: { before: { state: 'active' }, after: { state: 'cancelled' } },
    });
    await changeManifests(tx, await emergencyDeviceCodes(tx, emergencyId), 'emergency');
    return cancelled;
  });
  const [shown] = await presentAll(db, [row], new Date());
  if (!shown) throw new Error('emergency: nothing to present');
  return shown;
}
