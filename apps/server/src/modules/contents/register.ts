import { randomBytes, randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import {
  CONTENT_MESSAGES,
  checkLicenseDates,
  earliestLicenseStart,
  MESSAGES,
  type TContent,
  type TContentFields,
  type TLiveFields,
} from '@signage/domain';
import { recordAudit } from '../../audit/repo';
import type { SessionUser } from '../../auth/sessions';
import type { Database } from '../../db/client';
import { HttpError } from '../../http/envelope';
import { findLiveProvider, type LiveStream, streamKeyHash } from '../../live';
import {
  type InspectedUpload,
  inspectUpload,
  MediaRejectedError,
  type ProcessedUpload,
  processUpload,
} from '../../media';
import type { MediaDeps } from '../types';
import { contentPrefixOf, thumbnailKeyOf } from './keys';
import { type ContentView, presentContent } from './present';
import type { ContentProcessing } from './processing';
import { insertContent, type NewContentRow } from './repo';

/** An uploaded file on local disk, as the multipart reader or the tus store left it. */
export type ReceivedFile = { path: string; filename: string; declaredType: string | undefined; sha256?: string };

type RegisterDeps = { db: Database; media: MediaDeps };
/** A file content's thumbnail is made after the answer: the processing queue takes the new row up. */
export type FileRegisterDeps = RegisterDeps & { contentProcessing: Pick<ContentProcessing, 'enqueue'> };

/** Where the console was opened (a self-hosted ingest's address is shown on that host) and how rows are shown. */
export type RegisterContext = { host: string; view?: ContentView };

const LICENSE_MESSAGES = {
  format: CONTENT_MESSAGES.invalidDate,
  past: CONTENT_MESSAGES.startInPast,
  order: CONTENT_MESSAGES.endBeforeStart,
} as const;

/** Licence dates are store wall-clock dates: a start is refused only when no store on Earth still has that day. */
function assertLicense(fields: TContentFields): void {
  const verdict = checkLicenseDates(fields.license_from, fields.license_to, earliestLicenseStart(new Date()));
  if (!verdict.ok) throw new HttpError(400, LICENSE_MESSAGES[verdict.reason]);
}

/** The user's file is at fault: 413 for size, 400 for the rest, with the spec's text. */
async function rejectAsHttp<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof MediaRejectedError) {
      throw new HttpError(error.reason === 'too-large' ? 413 : 400, error.message);
    }
    throw error;
  }
}

/** Checked, measured and thumbnailed at once (a live image: small, and its row is ready when answered). */
const processOrReject = (file: ReceivedFile): Promise<ProcessedUpload> =>
  rejectAsHttp(
    processUpload(file.path, { filename: file.filename, declaredType: file.declaredType, sha256: file.sha256 }),
  );

/**
 * Checked and measured for the answer (type, size, duration, dimensions: what validation needs); the sha256
 * of a file that was not hashed while received is left to processing, like the thumbnail.
 */
const inspectOrReject = (file: ReceivedFile): Promise<InspectedUpload> =>
  rejectAsHttp(
    inspectUpload(file.path, {
      filename: file.filename,
      declaredType: file.declaredType,
      sha256: file.sha256,
      hashLater: true,
    }),
  );

function baseRow(user: SessionUser, fields: TContentFields, id: string): NewContentRow {
  return {
    id,
    key: randomBytes(9).toString('base64url'),
    name: fields.name,
    displayPattern: fields.display_pattern,
    region: fields.region,
    licenseFrom: fields.license_from,
    licenseTo: fields.license_to,
    createdBy: user.userId,
    type: 'image',
  };
}

/**
 * Stores original and thumbnail, then inserts the row with its audit entry: the row exists only once both
 * blobs do. Any failure removes what was stored (and the caller's temp files), so nothing half-made stays.
 */
async function storeAndInsert(
  deps: RegisterDeps,
  user: SessionUser,
  processed: ProcessedUpload,
  file: ReceivedFile,
  row: NewContentRow & { id: string },
  view?: ContentView,
): Promise<TContent> {
  const prefix = contentPrefixOf(row.id);
  const mediaKey = `${prefix}original.${processed.extension}`;
  const thumbnailKey = thumbnailKeyOf(row.id);
  try {
    await deps.media.blobs.putFile(mediaKey, file.path, {
      contentType: processed.contentType,
      sha256: processed.sha256,
      removeSource: true,
    });
    await deps.media.blobs.putFile(thumbnailKey, processed.thumbnail.path, {
      contentType: processed.thumbnail.contentType,
      removeSource: true,
    });
    const saved = await deps.db.transaction(async (tx) => {
      const inserted = await insertContent(tx, {
        ...row,
        mediaKey,
        thumbnailKey,
        contentType: processed.contentType,
        size: processed.size,
        sha256: processed.sha256,
        width: processed.width,
        height: processed.height,
        durationSeconds: processed.durationSeconds,
      });
      await recordAudit(tx, {
        actor: user.userId,
        action: 'content.register',
        target: inserted.id,
        region: inserted.region || user.region,
        detail: { name: inserted.name },
      });
      return inserted;
    });
    return presentContent(saved, view);
  } catch (error) {
    await deps.media.blobs.deletePrefix(prefix).catch(() => undefined);
    throw error;
  } finally {
    await rm(processed.thumbnail.path, { force: true });
  }
}

/**
 * A new image or movie from an uploaded file (SPEC.md Content register, Video-Image): the original is stored
 * and the row inserted as 'processing' with its audit entry; the answer goes out and the thumbnail follows
 * (see ContentProcessing). Any failure before the commit removes what was stored.
 */
export async function registerFileContent(
  deps: FileRegisterDeps,
  user: SessionUser,
  fields: TContentFields,
  file: ReceivedFile,
  view?: ContentView,
): Promise<TContent> {
  try {
    assertLicense(fields);
    const inspected = await inspectOrReject(file);
    const id = randomUUID();
    const prefix = contentPrefixOf(id);
    const mediaKey = `${prefix}original.${inspected.extension}`;
    try {
      const stored = await deps.media.blobs.putFile(mediaKey, file.path, {
        contentType: inspected.contentType,
        ...(inspected.sha256 ? { sha256: inspected.sha256 } : { hashLater: true }),
        removeSource: true,
      });
      const saved = await deps.db.transaction(async (tx) => {
        const inserted = await insertContent(tx, {
          ...baseRow(user, fields, id),
          id,
          type: inspected.kind,
          mediaKey,
          processingState: 'processing',
          contentType: inspected.contentType,
          size: inspected.size,
          sha256: inspected.sha256 ?? (stored.sha256 || null),
          width: inspected.width,
          height: inspected.height,
          durationSeconds: inspected.durationSeconds,
        });
        await recordAudit(tx, {
          actor: user.userId,
          action: 'content.register',
          target: inserted.id,
          region: inserted.region || user.region,
          detail: { name: inserted.name },
        });
        return inserted;
      });
      deps.contentProcessing.enqueue(saved.id);
      return presentContent(saved, view);
    } catch (error) {
      await deps.media.blobs.deletePrefix(prefix).catch(() => undefined);
      throw error;
    }
  } finally {
    await rm(file.path, { force: true });
  }
}

/**
 * A new live stream (SPEC.md Content register, Live): the image must be a jpg or png; the platform creates
 * the stream (this is the slow part), then the image is stored and the row inserted. If storing fails the
 * stream is released again.
 */
export async function registerLiveContent(
  deps: RegisterDeps,
  user: SessionUser,
  fields: TLiveFields,
  file: ReceivedFile,
  context: RegisterContext,
): Promise<TContent> {
  let stream: LiveStream | undefined;
  let processed: ProcessedUpload | undefined;
  const provider = findLiveProvider(deps.media.liveProviders, fields.livePlatform);
  try {
    if (!provider) throw new HttpError(400, CONTENT_MESSAGES.selectPlatform);
    assertLicense(fields);
    processed = await processOrReject(file);
    if (processed.kind !== 'image') throw new HttpError(400, MESSAGES.uploadBadExtension);
    const id = randomUUID();
    const row = baseRow(user, fields, id);
    stream = await provider
      .createStream({
        contentKey: row.key,
        title: fields.title || fields.name,
        showId: fields.bambuser_showId || undefined,
        width: fields.output_resolution_width,
        height: fields.output_resolution_height,
        host: context.host,
      })
      .catch((error: unknown) => {
        throw Object.assign(new HttpError(502, CONTENT_MESSAGES.liveProviderFailed), { cause: error });
      });
    return await storeAndInsert(
      deps,
      user,
      processed,
      file,
      {
        ...row,
        id,
        type: 'stream',
        livePlatform: provider.id,
        liveRef: stream.ref,
        title: fields.title,
        livestationUrl: fields.livestation_url,
        bambuserShowId: fields.bambuser_showId,
        layout: fields.layout,
        outputResolution: fields.output_resolution,
        outputWidth: fields.output_resolution_width,
        outputHeight: fields.output_resolution_height,
        liveLogoPosition: fields.live_logo_position,
        livePrompt: fields.live_prompt,
        liveDashboard: fields.live_dashboard,
        rtmpUrl: stream.rtmpUrl,
        streamKey: stream.streamKey,
        streamKeyHash: streamKeyHash(stream.streamKey),
      },
      context.view,
    );
  } catch (error) {
    if (stream && provider) await provider.deleteStream(stream.ref).catch(() => undefined);
    throw error;
  } finally {
    await rm(file.path, { force: true });
    if (processed) await rm(processed.thumbnail.path, { force: true });
  }
}
