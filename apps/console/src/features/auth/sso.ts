import { MESSAGES, type MessageKey, messageKeyOf, type TUserInfo } from '@signage/domain';
import { exchangeToken, fetchSsoStart } from '../../app/auth/client';
import { errorMessageOf } from '../../lib/http';

/**
 * 'For FR Group' (SPEC.md section 4): fetch the identity provider's login address, then leave for it.
 * A failure (for example SSO not configured) rejects with the server's message for the login strip.
 */
export async function startSingleSignOn(): Promise<void> {
  const { url } = await fetchSsoStart();
  window.location.assign(url);
}

// One exchange per token, even when the page is mounted twice (React's strict mode): a token works once.
const exchanges = new Map<string, Promise<TUserInfo>>();

/** The one-time token from /sso/{token} exchanged for the user info; the server sets the session cookie. */
export function exchangeSsoToken(token: string): Promise<TUserInfo> {
  let exchange = exchanges.get(token);
  if (!exchange) {
    exchange = exchangeToken(token);
    exchanges.set(token, exchange);
  }
  return exchange;
}

/** The single sign-on messages the login page takes from its address (/login?error=ssoFailed). */
export function isSsoMessageKey(value: string | null): value is MessageKey {
  return value?.startsWith('sso') === true && Object.hasOwn(MESSAGES, value);
}

/** The key to send a failed exchange to login with: the server's SSO message, else the general one. */
export function ssoFailureKey(error: unknown): MessageKey {
  const key = messageKeyOf(errorMessageOf(error, MESSAGES.ssoFailed));
  return key && isSsoMessageKey(key) ? key : 'ssoFailed';
}
