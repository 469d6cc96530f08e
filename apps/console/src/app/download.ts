import { type Contract, MESSAGES, pathOf, searchOf } from '@signage/domain';
import { API_BASE, ApiError, endLocalSession, isEnvelope } from '../lib/api';

/** SPEC.md section 9: an object URL made for a download is revoked after one second. */
const OBJECT_URL_LIFETIME_MS = 1000;

/** The file name a Content-Disposition header gives: the full (RFC 5987) name first, else the plain one. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  const extended = /filename\*=UTF-8''([^;]+)/i.exec(disposition ?? '')?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended);
    } catch {
      // a malformed name: the plain one below
    }
  }
  return /filename="([^"]+)"/.exec(disposition ?? '')?.[1] ?? fallback;
}

/** Saves a download's body as the file the server names (or `fallback`). */
export async function saveDownload(response: Response, fallback: string): Promise<void> {
  const name = fileNameOf(response.headers.get('content-disposition'), fallback);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), OBJECT_URL_LIFETIME_MS);
}

/**
 * Downloads a raw answer (a CSV export) through its contract and saves it as the file the server names. A
 * refusal comes back as the envelope's message, like a call's.
 */
export async function download<C extends Contract & { reply: 'raw' }>(
  contract: C,
  input: { params?: Record<string, string>; query?: Record<string, unknown> },
  fallbackName: string,
): Promise<void> {
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${pathOf(contract, input.params)}${searchOf(input.query)}`, {
      method: contract.method,
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError(0, MESSAGES.unexpectedError);
  }
  if (!response.ok) {
    const payload: unknown = await response.json().catch(() => undefined);
    if (response.status === 401) endLocalSession();
    throw new ApiError(response.status, (isEnvelope(payload) && payload.message) || MESSAGES.unexpectedError);
  }
  await saveDownload(response, fallbackName);
}
