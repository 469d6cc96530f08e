import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  COMMAND_FRESH_SECONDS,
  type CommandKind,
  SCREENSHOT_MAX_BYTES,
  SCREENSHOT_MESSAGES,
  type TAgentCommand,
  type TCommand,
  type TCommandAnswer,
  type TCommandList,
  type TScreenshot,
  type TScreenshotUpload,
} from '@signage/domain';
import { recordAudit } from '../../audit/repo';
import type { SessionUser } from '../../auth/sessions';
import type { BlobStore } from '../../blob';
import type { Database } from '../../db/client';
import { HttpError, notFound } from '../../http/envelope';
import { notifyCommand } from '../../push';
import { type DeviceRow, findDevice, visibleDevice } from '../players';
import {
  answerCommandRow,
  type CommandRow,
  findCommand,
  findScreenshot,
  insertCommand,
  insertScreenshot,
  latestCommands,
  latestScreenshots,
  pendingCommands,
  pruneScreenshots,
  type ScreenshotRow,
} from './repo';

const freshSince = (now: Date) => new Date(now.getTime() - COMMAND_FRESH_SECONDS * 1000);

/** A command as the console shows it: a pending one past its freshness reads as expired ('Not answered'). */
export function presentCommand(row: CommandRow, now: Date = new Date()): TCommand {
  const expired = row.state === 'pending' && row.requestedAt <= freshSince(now);
  return {
    command_id: row.commandId,
    kind: row.kind as CommandKind,
    state: expired ? 'expired' : (row.state as TCommand['state']),
    requested_by: row.requestedBy,
    requested_at: row.requestedAt.toISOString(),
    answered_at: row.answeredAt?.toISOString() ?? null,
    message: row.message,
    screenshot_id: row.screenshotId,
  };
}

function presentScreenshot(row: ScreenshotRow): TScreenshot {
  return {
    screenshot_id: row.screenshotId,
    taken_at: row.takenAt.toISOString(),
    size: row.size,
    error: row.error,
    command_id: row.commandId,
  };
}

/**
 * A user asks a player to run a command: stored, audited (who asked, what) and pushed to the player in one
 * transaction, so the push goes out only with a committed command. The route's contract admits the roles
 * that may edit a player; a player out of the user's reach is 404.
 */
export async function sendCommand(db: Database, user: SessionUser, deviceCode: string, kind: CommandKind) {
  const player = await visibleDevice(db, user, deviceCode);
  const row = await db.transaction(async (tx) => {
    const stored = await insertCommand(tx, {
      deviceCode: player.deviceCode,
      kind,
      requestedBy: user.userId,
      requestedAt: new Date(),
    });
    await recordAudit(tx, {
      actor: user.userId,
      action: 'player.command',
      target: player.deviceCode,
      region: player.region ?? undefined,
      detail: { kind, command_id: stored.commandId },
    });
    await notifyCommand(tx, player.deviceCode, agentCommand(stored, player));
    return stored;
  });
  return presentCommand(row);
}

export async function listCommands(db: Database, user: SessionUser, deviceCode: string): Promise<TCommandList> {
  const player = await visibleDevice(db, user, deviceCode);
  const now = new Date();
  const [commands, screenshots] = await Promise.all([
    latestCommands(db, player.deviceCode),
    latestScreenshots(db, player.deviceCode),
  ]);
  return {
    commands: commands.map((row) => presentCommand(row, now)),
    screenshots: screenshots.map(presentScreenshot),
  };
}

export async function openScreenshot(
  db: Database,
  blobs: BlobStore,
  user: SessionUser,
  deviceCode: string,
  screenshotId: string,
) {
  const player = await visibleDevice(db, user, deviceCode);
  const row = await findScreenshot(db, player.deviceCode, screenshotId);
  if (!row) throw notFound();
  return { row, object: await blobs.get(row.blobKey) };
}

// ---- the player's side ----

/** A command as the player gets it; identify with what it shows (the player's store and name as stored now). */
function agentCommand(row: CommandRow, player: Pick<DeviceRow, 'shopNo' | 'shopName' | 'deviceName'>): TAgentCommand {
  const command: TAgentCommand = { command_id: row.commandId, kind: row.kind as CommandKind };
  if (row.kind === 'identify') {
    command.identify = { store_code: player.shopNo, store_name: player.shopName, player_name: player.deviceName };
  }
  return command;
}

/** The player's commands not answered yet and still fresh, oldest first. */
export async function freshCommands(db: Database, deviceCode: string): Promise<{ commands: TAgentCommand[] }> {
  const rows = await pendingCommands(db, deviceCode, freshSince(new Date()));
  const player = rows.length > 0 ? await findDevice(db, deviceCode) : undefined;
  if (!player) return { commands: [] };
  return { commands: rows.map((row) => agentCommand(row, player)) };
}

/** The player answers one of its commands; a command of another player is 404, one answered already stays. */
export async function answerCommand(db: Database, deviceCode: string, commandId: string, answer: TCommandAnswer) {
  const row = await answerCommandRow(db, deviceCode, commandId, {
    state: answer.outcome,
    message: answer.outcome === 'failed' ? (answer.message ?? null) : null,
    at: new Date(),
  });
  if (!row) throw notFound();
  return { state: presentCommand(row).state };
}

const JPEG_MAGIC = Buffer.from([0xff, 0xd8, 0xff]);

/**
 * A screenshot the player uploaded: a JPEG of at most SCREENSHOT_MAX_BYTES, answering its screenshot command
 * or taken with a playback error. The bytes go to the blob store first, then the row (and the command's
 * answer) in one transaction; screenshots beyond the newest SCREENSHOTS_KEPT go, rows and then blobs.
 */
export async function storeScreenshot(db: Database, blobs: BlobStore, deviceCode: string, upload: TScreenshotUpload) {
  const bytes = Buffer.from(upload.jpeg, 'base64');
  if (bytes.length > SCREENSHOT_MAX_BYTES) throw new HttpError(413, SCREENSHOT_MESSAGES.tooLarge);
  if (bytes.length < 4 || !bytes.subarray(0, 3).equals(JPEG_MAGIC)) {
    throw new HttpError(400, SCREENSHOT_MESSAGES.notJpeg);
  }
  const commandId = upload.command_id ?? null;
  if (commandId) {
    const command = await findCommand(db, deviceCode, commandId);
    if (command?.kind !== 'screenshot') throw notFound();
  }
  const screenshotId = randomUUID();
  const blobKey = `screenshots/${deviceCode}/${screenshotId}.jpg`;
  const stored = await blobs.put(blobKey, Readable.from([bytes]), { contentType: 'image/jpeg' });
  let gone: string[] = [];
  try {
    gone = await db.transaction(async (tx) => {
      const takenAt = new Date();
      await insertScreenshot(tx, {
        screenshotId,
        deviceCode,
        size: stored.size,
        blobKey,
        error: upload.error ?? null,
        commandId,
        takenAt,
      });
      if (commandId) {
        await answerCommandRow(tx, deviceCode, commandId, { state: 'done', message: null, screenshotId, at: takenAt });
      }
      return pruneScreenshots(tx, deviceCode);
    });
  } catch (error) {
    await blobs.delete(blobKey).catch(() => {});
    throw error;
  }
  // Their rows are gone: a blob left by a failed delete is the orphan sweep's (blobs.ts).
  for (const key of gone) await blobs.delete(key).catch(() => {});
  return { screenshot_id: screenshotId, size: stored.size };
}
