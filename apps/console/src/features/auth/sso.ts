import { SSO_START_URL } from './api';

/** 'For FR Group': the browser leaves for the server, which redirects to the identity provider. */
export function startSingleSignOn(): void {
  window.location.assign(SSO_START_URL);
}
