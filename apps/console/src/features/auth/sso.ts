import { USER_CONTRACTS } from '@signage/domain';
import { call } from '../../app/api';

/**
 * 'For FR Group' (SPEC.md section 4): fetch the identity provider's login address, then leave for it.
 * A failure (for example SSO not configured) rejects with the server's message for the login strip.
 */
export async function startSingleSignOn(): Promise<void> {
  const { url } = await call(USER_CONTRACTS.ssoStart, { anonymous: true });
  window.location.assign(url);
}
