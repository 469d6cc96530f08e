import { api } from '../../app/api';
import { SSO_START_PATH } from './api';

/**
 * 'For FR Group' (SPEC.md section 4): fetch the identity provider's login address, then leave for it.
 * A failure (for example SSO not configured) rejects with the server's message for the login strip.
 */
export async function startSingleSignOn(): Promise<void> {
  const { url } = await api.get<{ url: string }>(SSO_START_PATH, { anonymous: true });
  window.location.assign(url);
}
