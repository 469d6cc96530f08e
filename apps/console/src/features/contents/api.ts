import {
  CONTENT_CONTRACTS,
  CONTENT_MESSAGES,
  isDisplayPattern,
  isLiveForm,
  LIVE_CONTRACTS,
  MESSAGES,
  pathOf,
  type TContent,
  type TContentFormFields,
  type TContentUpdate,
} from '@signage/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, call } from '../../lib/api';
import { liveStatusKey } from '../../ui/contents/live/liveStatus';

const C = CONTENT_CONTRACTS;

/** Files above this go through resumable (tus) uploads, which survive a dropped connection. */
export const RESUMABLE_THRESHOLD_BYTES = 20 * 1024 * 1024;

export const contentKeys = {
  all: ['contents'] as const,
  detail: (key: string) => ['contents', 'detail', key] as const,
  platforms: ['contents', 'live-platforms'] as const,
};

export function useContent(key: string | null) {
  return useQuery({
    queryKey: contentKeys.detail(key ?? ''),
    enabled: Boolean(key),
    queryFn: ({ signal }) => call(C.get, { params: { key: key ?? '' }, signal }),
    // Until its thumbnail is made after the upload (the list does the same).
    refetchInterval: (query) => (query.state.data?.processing_state === 'processing' ? 2000 : false),
  });
}

export function useLivePlatforms() {
  return useQuery({
    queryKey: contentKeys.platforms,
    queryFn: ({ signal }) => call(C.livePlatforms, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useUpdateContent(key: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TContentUpdate) => call(C.update, { params: { key }, body }),
    onSuccess: () => client.invalidateQueries({ queryKey: contentKeys.all }),
  });
}

export function useDeleteContent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (contentId: string) => call(C.remove, { params: { contentId } }),
    onSuccess: () => client.invalidateQueries({ queryKey: contentKeys.all }),
  });
}

/**
 * Issues a new stream key for a live content (the old one stops at once and a running broadcast is cut): the
 * detail shows the new key, and the on-air state is asked again at once.
 */
export function useRotateStreamKey(content: Pick<TContent, 'key' | 'content_id'>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => call(LIVE_CONTRACTS.rotateKey, { params: { key: content.key } }),
    onSuccess: (reply) => {
      client.setQueryData<TContent>(contentKeys.detail(content.key), (old) => old && { ...old, ...reply });
      void client.invalidateQueries({ queryKey: liveStatusKey(content.content_id) });
    },
  });
}

export type UploadProgress = { percent: number; remainingSeconds: number | null };
type Progress = (progress: UploadProgress) => void;

/** Percent done and an estimate of the seconds left from the rate so far. */
export function progressOf(loaded: number, total: number, startedAt: number, now = Date.now()): UploadProgress {
  const percent = total > 0 ? Math.min(100, Math.floor((loaded / total) * 100)) : 0;
  const elapsed = (now - startedAt) / 1000;
  const remainingSeconds =
    loaded > 0 && elapsed > 0 ? Math.max(0, Math.round((elapsed / loaded) * (total - loaded))) : null;
  return { percent, remainingSeconds };
}

function envelopeOf(text: string): { result?: string; message?: string; data?: unknown } {
  try {
    return JSON.parse(text) as { result?: string; message?: string; data?: unknown };
  } catch {
    return {};
  }
}

/** A multipart POST through XMLHttpRequest, whose upload events give real progress (fetch has none). */
const cancelled = () => new DOMException('The upload was cancelled', 'AbortError');

function postForm(
  fields: TContentFormFields,
  file: File,
  onProgress: Progress,
  signal?: AbortSignal,
): Promise<TContent> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) form.append(name, value);
  form.append('content', file, file.name);
  const startedAt = Date.now();
  return new Promise<TContent>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.onabort = () => reject(cancelled());
    xhr.open(C.register.method, pathOf(C.register));
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => onProgress(progressOf(event.loaded, event.total || file.size, startedAt));
    xhr.onerror = () => reject(new ApiError(0, MESSAGES.contentPostFailed));
    xhr.onload = () => {
      const envelope = envelopeOf(xhr.responseText);
      if (xhr.status === 200 && envelope.result === 'Success') resolve(C.register.response.parse(envelope.data));
      else reject(new ApiError(xhr.status, envelope.message || MESSAGES.contentPostFailed));
    };
    xhr.send(form);
  });
}

/** A resumable upload (tus) that retries from the last stored byte, then registration with the fields. */
async function postResumable(
  fields: TContentFormFields,
  file: File,
  onProgress: Progress,
  signal?: AbortSignal,
): Promise<TContent> {
  const { name = '', license_from, license_to, region, display_pattern } = fields;
  // The form only uploads with a display pattern chosen; the server checks the rest.
  if (!isDisplayPattern(display_pattern)) throw new ApiError(400, CONTENT_MESSAGES.selectDisplayPattern);
  const { Upload } = await import('tus-js-client');
  const startedAt = Date.now();
  const uploadUrl = await new Promise<string>((resolve, reject) => {
    const upload = new Upload(file, {
      endpoint: pathOf(C.uploadCreate),
      chunkSize: 16 * 1024 * 1024,
      retryDelays: [0, 1000, 3000, 5000, 10000, 20000],
      metadata: { filename: file.name, filetype: file.type },
      removeFingerprintOnSuccess: true,
      onProgress: (loaded, total) => onProgress(progressOf(loaded, total, startedAt)),
      onError: (error) => {
        const status = (error as { originalResponse?: { getStatus: () => number } }).originalResponse?.getStatus() ?? 0;
        reject(new ApiError(status, status === 413 ? MESSAGES.uploadTooLarge : MESSAGES.contentPostFailed));
      },
      onSuccess: () => resolve(upload.url ?? ''),
    });
    // Cancelling also removes what the server stored so far (tus termination).
    signal?.addEventListener(
      'abort',
      () => {
        void upload.abort(true).catch(() => undefined);
        reject(cancelled());
      },
      { once: true },
    );
    upload.findPreviousUploads().then((previous) => {
      const last = previous[0];
      if (last) upload.resumeFromPreviousUpload(last);
      upload.start();
    }, reject);
  });
  const uploadId = uploadUrl.split('/').pop() ?? '';
  return call(C.registerUpload, {
    body: { name, license_from, license_to, region, display_pattern, upload_id: uploadId },
  });
}

/**
 * Uploads a file with the form's fields: one request for small files, resumable for large ones. Aborting
 * `signal` cancels the upload; the promise then rejects with an AbortError.
 */
export function uploadContent(
  fields: TContentFormFields,
  file: File,
  onProgress: Progress,
  signal?: AbortSignal,
): Promise<TContent> {
  const live = isLiveForm(fields);
  return !live && file.size > RESUMABLE_THRESHOLD_BYTES
    ? postResumable(fields, file, onProgress, signal)
    : postForm(fields, file, onProgress, signal);
}
