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
import type { ReceivedFile } from './register';

/** Multipart framing and the text fields around a file never come near this. */
const ENVELOPE_ALLOWANCE = 1024 * 1024;

/** Ends the connection with the answer: the rest of an oversized body is never read. */
export const tooLarge = () => new HttpError(413, MESSAGES.uploadTooLarge, { connection: 'close' });

/** Limits for @fastify/multipart: one file of at most 400 MB, a few short text fields. */
export const MULTIPART_LIMITS = { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 40, fieldSize: 10_000, parts: 45 };

/** A body announced larger than any acceptable upload is refused before a byte of it is read. */
export function assertDeclaredLength(request: FastifyRequest): void {
  const length = Number(request.headers['content-length']);
  if (Number.isFinite(length) && length > MAX_UPLOAD_BYTES + ENVELOPE_ALLOWANCE) throw tooLarge();
}

/**
 * The parser (busboy) reports a broken body (truncated, no boundary, a boundary over 256 characters,
 * garbage between parts) with plain Errors that carry no code; file system faults always carry one.
 */
function isParserError(error: unknown): boolean {
  return error instanceof Error && !(error instanceof HttpError) && (error as { code?: unknown }).code === undefined;
}

function multipartError(error: unknown): unknown {
  if (isParserError(error)) return new HttpError(400, MESSAGES.malformedMultipart, { connection: 'close' });
  const code = (error as { code?: string } | undefined)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge();
  if (code === 'FST_FILES_LIMIT') return new HttpError(400, CONTENT_MESSAGES.oneFileOnly, { connection: 'close' });
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return new HttpError(400, MESSAGES.uploadFile);
  if (code === 'FST_MP_PREMATURE_CLOSE')
    return new HttpError(400, MESSAGES.malformedMultipart, { connection: 'close' });
  if (code?.startsWith('FST_')) return new HttpError(400, MESSAGES.invalidRequest);
  return error;
}

/**
 * Reads a multipart form: text fields into a record, the one file streamed to a temp file under
 * `incomingDir` while its sha256 is measured. Never holds the file in memory. Over 400 MB the read stops
 * with 413; on any failure the temp file is gone.
 */
export async function receiveMultipart(
  request: FastifyRequest,
  incomingDir: string,
): Promise<{ fields: Record<string, string>; file: ReceivedFile | null }> {
  const fields: Record<string, string> = {};
  let file: ReceivedFile | null = null;
  let tempPath: string | null = null;
  try {
    for await (const part of request.parts()) {
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
      await pipeline(part.file, hasher, createWriteStream(tempPath, { flags: 'wx' }));
      if (part.file.truncated) throw tooLarge();
      file = { path: tempPath, filename: part.filename, declaredType: part.mimetype, sha256: hasher.digest() };
    }
    return { fields, file };
  } catch (error) {
    if (tempPath) await rm(tempPath, { force: true });
    throw multipartError(error);
  }
}
