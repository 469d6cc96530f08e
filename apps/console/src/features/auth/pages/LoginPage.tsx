import { landingFor, MESSAGES } from '@signage/domain';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { translateMessage } from '../../../i18n/messages';
import { useAuth } from '../../../lib/authStore';
import { errorMessageOf } from '../../../lib/http';
import { LanguageLinks } from '../../../ui/LanguageLinks';
import { PlainAlert, PlainButton, PlainInput, PlainPassword, SvgIcon } from '../../../ui/plain';
import { DesktopOutlined } from '../../../ui/plain/iconPaths';
import { login } from '../api';
import { isSsoMessageKey, startSingleSignOn } from '../sso';
import './LoginPage.css';

type FieldProps = { id: string; label: string; error: string | null; children: ReactNode };

/** A labelled field with its message (SPEC.md section 5) below it once the field has been left empty. */
function Field({ id, label, error, children }: FieldProps) {
  return (
    <div className="plain-field">
      <label htmlFor={id}>{label}</label>
      {children}
      {error ? (
        <div id={`${id}-error`} className="plain-field-error">
          {error}
        </div>
      ) : null}
    </div>
  );
}

/**
 * Sign-in (SPEC.md section 2, Login): ID and password for vendors ('For Vendor', enabled once both
 * are filled, Enter submits), single sign-on for the group ('For FR Group'), and a dismissible red
 * strip with the reason a sign-in failed. Built from plain elements styled like the theme (ui/plain),
 * without Ant Design: this is the first page most people load, and Ant Design comes with the shell.
 */
export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const setUser = useAuth((state) => state.setUser);
  const expired = useAuth((state) => state.expired);
  const dismissExpiry = useAuth((state) => state.dismissExpiry);
  const [userId, setUserId] = useState('');
  const [password, setPassword] = useState('');
  // A single sign-on that failed comes back here as /login?error={message key} (from the server or /sso).
  const [searchParams, setSearchParams] = useSearchParams();
  const ssoError = searchParams.get('error');
  const [shownFailure, setFailure] = useState<string | null>(null);
  const [ssoDismissed, setSsoDismissed] = useState(false);
  const failure = shownFailure ?? (isSsoMessageKey(ssoError) && !ssoDismissed ? MESSAGES[ssoError] : null);
  const dismissFailure = () => {
    setFailure(null);
    setSsoDismissed(true);
    if (ssoError !== null) setSearchParams({}, { replace: true });
  };
  const [touched, setTouched] = useState({ userId: false, password: false });
  // The sign-in under way (the button spins); a plain promise, so /login loads no data-cache code.
  const [pending, setPending] = useState(false);

  const filled = userId.trim() !== '' && password !== '';
  const idError = touched.userId && userId.trim() === '' ? t('messages.enterId') : null;
  const passwordError = touched.password && password === '' ? t('messages.enterPassword') : null;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!filled || pending) return;
    dismissFailure();
    dismissExpiry();
    setPending(true);
    login({ userId: userId.trim(), password }).then(
      (user) => {
        setPending(false);
        setUser(user);
        navigate(landingFor(user.authority), { replace: true });
      },
      (error: unknown) => {
        setPending(false);
        setFailure(errorMessageOf(error, MESSAGES.loginFailed));
      },
    );
  };

  return (
    <main className="plain-page login-page">
      <section aria-labelledby="login-title" className="plain-card">
        <header className="login-header">
          <SvgIcon icon={DesktopOutlined} className="login-logo" />
          <h1 id="login-title">{t('login.title')}</h1>
          <p>{t('login.subtitle')}</p>
        </header>

        {expired && !failure ? (
          <PlainAlert type="warning" onClose={dismissExpiry}>
            {t('login.sessionExpired')}
          </PlainAlert>
        ) : null}
        {failure ? (
          <PlainAlert type="error" onClose={dismissFailure}>
            {translateMessage(t, failure)}
          </PlainAlert>
        ) : null}

        <form onSubmit={submit} noValidate>
          <Field id="login-user-id" label={t('login.id')} error={idError}>
            <PlainInput
              id="login-user-id"
              name="username"
              // Not when arriving with a refused single sign-on: leaving the field would mark it as missing,
              // and the message appearing moves the centred card under the pointer aiming at the strip.
              autoFocus={ssoError === null}
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              value={userId}
              aria-invalid={idError ? true : undefined}
              aria-describedby={idError ? 'login-user-id-error' : undefined}
              onBlur={() => setTouched((previous) => ({ ...previous, userId: true }))}
              onChange={(event) => setUserId(event.target.value)}
            />
          </Field>
          <Field id="login-password" label={t('login.password')} error={passwordError}>
            <PlainPassword
              id="login-password"
              name="password"
              autoComplete="current-password"
              value={password}
              aria-invalid={passwordError ? true : undefined}
              aria-describedby={passwordError ? 'login-password-error' : undefined}
              onBlur={() => setTouched((previous) => ({ ...previous, password: true }))}
              onChange={(event) => setPassword(event.target.value)}
            />
          </Field>
          <PlainButton variant="primary" type="submit" block disabled={!filled} loading={pending}>
            {t('login.forVendor')}
          </PlainButton>
        </form>

        <div className="login-or">
          <span aria-hidden />
          {t('login.or')}
          <span aria-hidden />
        </div>
        <PlainButton
          block
          onClick={() => {
            dismissFailure();
            startSingleSignOn().catch((error: unknown) => setFailure(errorMessageOf(error, MESSAGES.unexpectedError)));
          }}
        >
          {t('login.forFrGroup')}
        </PlainButton>

        <LanguageLinks className="login-languages" />
      </section>
    </main>
  );
}
