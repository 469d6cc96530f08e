import { rm } from 'node:fs/promises';
import { isLiveForm, MESSAGES, type TContent, ZContentFields, ZLiveFields } from '@signage/domain';
import type { z } from 'zod';
import type { SessionUser } from '../../auth/sessions';
import { HttpError } from '../../http/envelope';
import {
  type FileRegisterDeps,
  type ReceivedFile,
  type RegisterContext,
  registerFileContent,
  registerLiveContent,
} from './register';

/** The fields, or 400 with the first rule they break (SPEC.md section 5 texts). */
export function parseFields<T extends z.ZodType>(schema: T, fields: unknown): z.output<T> {
  const parsed = schema.safeParse(fields);
  if (!parsed.success) throw new HttpError(400, parsed.error.issues[0]?.message ?? MESSAGES.invalidRequest);
  return parsed.data;
}

/**
 * POST /api/contents: a Live form (it names a live platform) or a Video-Image form. Fields are checked
 * before the file is looked at; the file is required in both (the live image for a stream).
 */
export async function registerFromForm(
  deps: FileRegisterDeps,
  user: SessionUser,
  fields: Record<string, string>,
  file: ReceivedFile | null,
  context: RegisterContext,
): Promise<TContent> {
  try {
    const live = isLiveForm(fields);
    const parsed = live ? parseFields(ZLiveFields, fields) : parseFields(ZContentFields, fields);
    if (!file) throw new HttpError(400, MESSAGES.uploadFile);
    return live
      ? await registerLiveContent(deps, user, parsed as z.output<typeof ZLiveFields>, file, context)
      : await registerFileContent(deps, user, parsed, file, context.view);
  } finally {
    if (file) await rm(file.path, { force: true });
  }
}
