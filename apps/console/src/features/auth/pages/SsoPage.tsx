import { landingFor } from '@signage/domain';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useAuth } from '../../../lib/authStore';
import { PlainSpinner } from '../../../ui/plain';
import { exchangeSsoToken, ssoFailureKey } from '../sso';

/**
 * The single sign-on response handler (/sso/{samlresponse}, SPEC.md sections 2 and 4). The server
 * received the identity provider's SAML response and sent the browser here with a one-time token
 * (never the response itself); entering has already ended any session. The token is exchanged for
 * the user info and the session cookie, then the role's landing page opens; on failure, login with
 * the reason in its red strip. Plain elements (ui/plain), as the login page: no Ant Design before sign-in.
 */
export default function SsoPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const setUser = useAuth((state) => state.setUser);
  const { samlresponse: token = '' } = useParams();

  useEffect(() => {
    let active = true;
    exchangeSsoToken(token).then(
      (user) => {
        if (!active) return;
        setUser(user);
        navigate(landingFor(user.authority), { replace: true });
      },
      (error: unknown) => {
        if (active) navigate(`/login?error=${ssoFailureKey(error)}`, { replace: true });
      },
    );
    return () => {
      active = false;
    };
  }, [token, navigate, setUser]);

  return (
    <main className="plain-page">
      <section className="plain-card sso-card">
        <h1>{t('title.sso')}</h1>
        <PlainSpinner />
        <p role="status">{t('sso.signingIn')}</p>
      </section>
    </main>
  );
}
