import {
  API,
  CONTENT_MESSAGES,
  MAX_UPLOAD_BYTES,
  MESSAGES,
  pathOf,
  type TContent,
  type TContentFromUpload,
} from '@signage/domain';
import { FileStore } from '@tus/file-store';
import { Server } from '@tus/server';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { currentUser } from '../../auth/guards';
import type { SessionUser } from '../../auth/sessions';
import { HttpError } from '../../http/envelope';
import { guardOf } from '../../http/route';
import type { ModulePlugin } from '../types';
import { tusDirOf } from './media-deps';
import { type FileRegisterDeps, registerFileContent } from './register';

export const TUS_PATH = pathOf(API.contents.uploadCreate);
/** Set by us on every request handed to tus (any value a client sent is replaced): who is uploading. */
const OWNER_HEADER = 'x-signage-upload-owner';
const UPLOAD_ID = /^[A-Za-z0-9_-]{1,100}$/;

/** tus reads the raw header list: any owner header the client sent is dropped, ours is added. */
function setOwner(request: FastifyRequest, userId: string): void {
  const raw = request.raw.rawHeaders;
  for (let i = raw.length - 2; i >= 0; i -= 2) {
    if (raw[i]?.toLowerCase() === OWNER_HEADER) raw.splice(i, 2);
  }
  raw.push(OWNER_HEADER, userId);
  request.raw.headers[OWNER_HEADER] = userId;
}

const tusFailure = (status: number, message: string) => ({ status_code: status, body: message });

/**
 * Resumable uploads (tus 1.0: creation, PATCH with offsets, HEAD to resume) at /api/uploads. A dropped
 * connection resumes from the last stored byte instead of zero. Uploads over 400 MB are refused at creation;
 * each upload belongs to the user who created it. Registration happens afterwards through
 * POST /api/contents/from-upload, with the same checks as a direct upload.
 */
export const uploadsRoutes: ModulePlugin = async (app, { deps }) => {
  const datastore = new FileStore({ directory: tusDirOf(deps.media.uploadDir) });
  const tus = new Server({
    path: TUS_PATH,
    datastore,
    relativeLocation: true,
    maxSize: MAX_UPLOAD_BYTES,
    onUploadCreate: async (req, upload) => {
      if ((upload.size ?? 0) > MAX_UPLOAD_BYTES) throw tusFailure(413, MESSAGES.uploadTooLarge);
      const owner = req.headers.get(OWNER_HEADER) ?? '';
      return { metadata: { ...upload.metadata, owner } };
    },
    onIncomingRequest: async (req, uploadId) => {
      if (!uploadId || req.method === 'POST') return;
      const upload = await datastore.getUpload(uploadId).catch(() => null);
      if (upload && upload.metadata?.owner !== req.headers.get(OWNER_HEADER)) throw tusFailure(404, MESSAGES.notFound);
    },
  });
  // tus reads the raw body itself.
  app.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null));
  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    setOwner(request, currentUser(request).userId);
    reply.hijack();
    await tus.handle(request.raw, reply.raw);
  };
  // tus answers its own protocol on any method; the contracts give the one role list for all of it.
  const onRequest = guardOf(app, API.contents.uploadCreate);
  app.all('/', { onRequest, schema: { hide: true } }, handler);
  app.all('/*', { onRequest, schema: { hide: true } }, handler);
};

/**
 * POST /api/contents/from-upload: a finished resumable upload of this user becomes a content, through the
 * same checks and atomic registration as a direct upload. The upload is consumed either way.
 */
export async function registerFromTusUpload(
  deps: FileRegisterDeps,
  user: SessionUser,
  body: TContentFromUpload,
): Promise<TContent> {
  if (!UPLOAD_ID.test(body.upload_id)) throw new HttpError(404, CONTENT_MESSAGES.uploadNotFound);
  const datastore = new FileStore({ directory: tusDirOf(deps.media.uploadDir) });
  const upload = await datastore.getUpload(body.upload_id).catch(() => null);
  if (!upload || upload.metadata?.owner !== user.userId) throw new HttpError(404, CONTENT_MESSAGES.uploadNotFound);
  if (upload.size === undefined || upload.offset !== upload.size || !upload.storage?.path) {
    throw new HttpError(409, CONTENT_MESSAGES.uploadNotFound);
  }
  const { upload_id: _id, ...fields } = body;
  try {
    return await registerFileContent(deps, user, fields, {
      path: upload.storage.path,
      filename: upload.metadata?.filename ?? '',
      declaredType: upload.metadata?.filetype ?? undefined,
    });
  } finally {
    // registerFileContent consumed the file; the upload's record goes too.
    await datastore.configstore.delete(body.upload_id).catch(() => undefined);
  }
}
