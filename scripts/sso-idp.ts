/**
 * The test SAML identity provider, for trying 'For FR Group' locally and for the e2e suite
 * (`npm run sso:dev`). For tests and trials only: it signs with the public test keys in
 * apps/server/test/sso/fixtures and lets anyone sign in as any of its users.
 *
 *   SSO_IDP_PORT  port to listen on (default 7070)
 *   SSO_IDP_HOST  address to listen on (default 127.0.0.1)
 *   SSO_SP_URL    the console's address as the browser uses it (default http://localhost:8080)
 */
import { IDP_USERS, startTestIdp, TEST_IDP_CERT_FILE } from '../apps/server/test/sso/idp';

const port = Number(process.env.SSO_IDP_PORT ?? 7070);
const host = process.env.SSO_IDP_HOST ?? '127.0.0.1';
const site = (process.env.SSO_SP_URL ?? 'http://localhost:8080').replace(/\/+$/, '');

const { idp, close } = await startTestIdp({
  port,
  host,
  sp: { entityId: `${site}/api/sso/metadata`, callbackUrl: `${site}/api/sso/callback` },
});

process.stdout.write(`Test SAML identity provider (TEST ONLY) at ${idp.baseUrl}
Users: ${IDP_USERS.map((u) => `${u.userId} (${u.authority || 'no role'})`).join(', ')}

Start the server for it with:
  SSO_IDP_SSO_URL=${idp.ssoUrl} \\
  SSO_IDP_ENTITY_ID=${idp.entityId} \\
  SSO_IDP_CERT_FILE=${TEST_IDP_CERT_FILE} \\
  SSO_SP_ENTITY_ID=${idp.sp.entityId} \\
  SSO_CALLBACK_URL=${idp.sp.callbackUrl} \\
  npm start
then open ${site}/login and click 'For FR Group'.\n`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void close().then(() => process.exit(0));
  });
}
