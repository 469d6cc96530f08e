import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import {
  CONTENT_MESSAGES,
  containsIllFormedText,
  containsNulCharacter,
  MAX_UPLOAD_BYTES,
  MESSAGES,
} from '@signage/domain';
import type { FastifyRequest } from 'fastify';
import { HashingPassThrough } from '../../blob';
import { HttpError } from '../../http/envelope';
import { boundaryOf, MalformedPartError, watchPartHeaders } from './partHeaders';
import type { ReceivedFile } from './register';

/** Multipart framing and the text fields around a file never come near this. */
const ENVELOPE_ALLOWANCE = 1024 * 1024;

/** Ends the connection with the answer: the rest of an oversized body is never read. */
export const tooLarge = () => new HttpError(413, MESSAGES.uploadTooLarge, { connection: 'close' });

/** Limits for @fastify/multipart: one file of at most 400 MB, a few short text fields. */
export const MULTIPART_LIMITS = { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 40, fieldSize: 10_000, parts: 45 };

/** The longest multipart body read: one file at the limit and its form. */
const MAX_BODY_BYTES = MAX_UPLOAD_BYTES + ENVELOPE_ALLOWANCE;

/** A body announced larger than any acceptable upload is refused before a byte of it is read. */
export function assertDeclaredLength(request: FastifyRequest): void {
  const length = Number(request.headers['content-length']);
  if (Number.isFinite(length) && length > MAX_BODY_BYTES) throw tooLarge();
}

let refused = 0;
/** Multipart bodies this process refused as malformed (400) since it started; each is also logged at warn. */
export const malformedMultipartRefusals = () => refused;

const malformed = () => new HttpError(400, MESSAGES.malformedMultipart, { connection: 'close' });

/**
 * The parser (busboy) reports a broken body (truncated, no boundary, a boundary over 256 characters,
 * garbage between parts) with plain Errors that carry no code; file system faults always carry one.
 */
function isParserError(error: unknown): boolean {
  return error instanceof Error && !(error instanceof HttpError) && (error as { code?: unknown }).code === undefined;
}

function multipartError(error: unknown): unknown {
  if (error instanceof MalformedPartError) return error.tooLarge ? tooLarge() : malformed();
  if (isParserError(error)) return malformed();
  const code = (error as { code?: string } | undefined)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge();
  if (code === 'FST_FILES_LIMIT') return new HttpError(400, CONTENT_MESSAGES.oneFileOnly, { connection: 'close' });
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return new HttpError(400, MESSAGES.uploadFile);
  if (code === 'FST_MP_PREMATURE_CLOSE') return malformed();
  if (code?.startsWith('FST_')) return new HttpError(400, MESSAGES.invalidRequest);
  return error;
}

/** A refusal of a malformed body is counted and logged (with the parser's or the watch's reason). */
function refusal(request: FastifyRequest, error: unknown): unknown {
  const answer = multipartError(error);
  if (answer instanceof HttpError && answer.message === MESSAGES.malformedMultipart) {
    refused++;
    const reason = error instanceof Error ? error.message : String(error);
    request.log.warn({ reason, refusals: refused }, 'malformed multipart body refused');
  }
  return answer;
}

/**
 * Reads a multipart form: text fields into a record, the one file streamed to a temp file under
 * `incomingDir` while its sha256 is measured. Never holds the file in memory. Over 400 MB the read stops
 * with 413; on any failure the temp file is gone. Each part's headers are watched as they arrive
 * (partHeaders.ts): a part the parser would skip, or stall on, is refused with 400 at once, as is a body
 * that ends before its closing delimiter; the answer closes the connection, so the rest is never read.
 */
export async function receiveMultipart(
  request: FastifyRequest,
  incomingDir: string,
): Promise<{ fields: Record<string, string>; file: ReceivedFile | null }> {
  const fields: Record<string, string> = {};
  let file: ReceivedFile | null = null;
  let tempPath: string | null = null;
  const parts = request.parts()[Symbol.asyncIterator]();
  // The first step pipes the request into the parser; the watch follows the same bytes from then on.
  const first = parts.next();
  const boundary = boundaryOf(request.headers['content-type']);
  const watch = boundary ? watchPartHeaders(request.raw, boundary, MAX_BODY_BYTES) : null;
  const guarded = <T>(step: Promise<T>) => (watch ? Promise.race([step, watch.failed]) : step);
  try {
    for (let next = await guarded(first); !next.done; next = await guarded(parts.next())) {
      const part = next.value;
      // Names and values end up in PostgreSQL text, which cannot hold U+0000 (as in every JSON route).
      const texts = [part.fieldname, part.type === 'file' ? part.filename : part.value];
      if (containsNulCharacter(texts)) throw new HttpError(400, MESSAGES.controlCharacters);
      // The field values meet their schema's ZText later; the names and the file name meet none.
      if (containsIllFormedText(texts)) throw new HttpError(400, MESSAGES.illFormedText);
      if (part.type === 'field') {
        fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value ?? '');
        continue;
      }
      await mkdir(incomingDir, { recursive: true });
      tempPath = path.join(incomingDir, `${randomUUID()}.upload`);
      const hasher = new HashingPassThrough();
      // At the limit busboy would skip the rest of the part, reading it all: stop at once instead.
      part.file.once('limit', () => part.file.destroy(tooLarge()));
      watch?.failed.catch((error: unknown) => part.file.destroy(error as Error));
      await pipeline(part.file, hasher, createWriteStream(tempPath, { flags: 'wx' }));
      if (part.file.truncated) throw tooLarge();
      file = { path: tempPath, filename: part.filename, declaredType: part.mimetype, sha256: hasher.digest() };
    }
    return { fields, file };
  } catch (error) {
    if (tempPath) await rm(tempPath, { force: true });
    throw refusal(request, error);
  } finally {
    watch?.stop();
  }
}
