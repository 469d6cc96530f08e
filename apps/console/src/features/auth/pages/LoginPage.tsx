import { DesktopOutlined } from '@ant-design/icons';
import { landingFor, MESSAGES } from '@signage/domain';
import { Alert, Button, theme } from 'antd';
// The input and password field alone: antd's `Input` carries TextArea, Search and OTP along as statics,
// which /login never shows and whose code would count against its first-load budget.
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useAuth } from '../../../app/auth/store';
import { errorMessageOf } from '../../../app/http';
import { translateMessage } from '../../../i18n/messages';
import { LanguageLinks } from '../../../ui/LanguageLinks';
import { login } from '../api';
import { isSsoMessageKey, startSingleSignOn } from '../sso';

type FieldProps = { id: string; label: string; error: string | null; errorColor: string; children: ReactNode };

/** A labelled field with its message (SPEC.md section 5) below it once the field has been left empty. */
function Field({ id, label, error, errorColor, children }: FieldProps) {
  return (
    <div style={{ marginBottom: 20 }}>
      <label htmlFor={id} style={{ display: 'block', marginBottom: 6, fontWeight: 500 }}>
        {label}
      </label>
      {children}
      {error ? (
        <div id={`${id}-error`} style={{ color: errorColor, marginTop: 4 }}>
          {error}
        </div>
      ) : null}
    </div>
  );
}

/**
 * Sign-in (SPEC.md section 2, Login): ID and password for vendors ('For Vendor', enabled once both
 * are filled, Enter submits), single sign-on for the group ('For FR Group'), and a dismissible red
 * strip with the reason a sign-in failed. Built from light parts only: this is the first page most
 * people load.
 */
export default function LoginPage() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
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
    <main
      style={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        padding: 24,
        boxSizing: 'border-box',
        background: 'linear-gradient(160deg, #e6f0ff 0%, #f5f5f5 55%)',
        fontFamily: token.fontFamily,
        fontSize: token.fontSize,
        color: token.colorText,
      }}
    >
      <section
        aria-labelledby="login-title"
        style={{
          width: '100%',
          maxWidth: 400,
          padding: 32,
          boxSizing: 'border-box',
          background: token.colorBgContainer,
          borderRadius: token.borderRadiusLG,
          boxShadow: token.boxShadowTertiary,
        }}
      >
        <header style={{ textAlign: 'center', marginBottom: 24 }}>
          <DesktopOutlined aria-hidden style={{ fontSize: 40, color: token.colorPrimary }} />
          <h1 id="login-title" style={{ fontSize: 24, fontWeight: 600, lineHeight: 1.35, margin: '8px 0 4px' }}>
            {t('login.title')}
          </h1>
          <p style={{ margin: 0, color: token.colorTextSecondary }}>{t('login.subtitle')}</p>
        </header>

        {expired && !failure ? (
          <Alert
            type="warning"
            showIcon
            title={t('login.sessionExpired')}
            closable={{ onClose: dismissExpiry, 'aria-label': t('common.close') }}
            style={{ marginBottom: 20 }}
          />
        ) : null}
        {failure ? (
          <Alert
            type="error"
            showIcon
            title={translateMessage(t, failure)}
            closable={{ onClose: dismissFailure, 'aria-label': t('common.close') }}
            style={{ marginBottom: 20 }}
          />
        ) : null}

        <form onSubmit={submit} noValidate>
          <Field id="login-user-id" label={t('login.id')} error={idError} errorColor={token.colorError}>
            <Input
              id="login-user-id"
              name="username"
              size="large"
              // Not when arriving with a refused single sign-on: leaving the field would mark it as missing,
              // and the message appearing moves the centred card under the pointer aiming at the strip.
              autoFocus={ssoError === null}
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              value={userId}
              status={idError ? 'error' : undefined}
              aria-invalid={idError ? true : undefined}
              aria-describedby={idError ? 'login-user-id-error' : undefined}
              onBlur={() => setTouched((previous) => ({ ...previous, userId: true }))}
              onChange={(event) => setUserId(event.target.value)}
            />
          </Field>
          <Field id="login-password" label={t('login.password')} error={passwordError} errorColor={token.colorError}>
            <Password
              id="login-password"
              name="password"
              size="large"
              autoComplete="current-password"
              value={password}
              status={passwordError ? 'error' : undefined}
              aria-invalid={passwordError ? true : undefined}
              aria-describedby={passwordError ? 'login-password-error' : undefined}
              onBlur={() => setTouched((previous) => ({ ...previous, password: true }))}
              onChange={(event) => setPassword(event.target.value)}
            />
          </Field>
          <Button type="primary" htmlType="submit" size="large" block disabled={!filled} loading={pending}>
            {t('login.forVendor')}
          </Button>
        </form>

        <div
          style={{
            display: 'flex',
            alignItems: 'center',
            gap: 12,
            margin: '20px 0',
            color: token.colorTextTertiary,
          }}
        >
          <span aria-hidden style={{ flex: 1, borderTop: `1px solid ${token.colorSplit}` }} />
          {t('login.or')}
          <span aria-hidden style={{ flex: 1, borderTop: `1px solid ${token.colorSplit}` }} />
        </div>
        <Button
          size="large"
          block
          onClick={() => {
            dismissFailure();
            startSingleSignOn().catch((error: unknown) => setFailure(errorMessageOf(error, MESSAGES.unexpectedError)));
          }}
        >
          {t('login.forFrGroup')}
        </Button>

        <LanguageLinks style={{ marginTop: 24 }} />
      </section>
    </main>
  );
}
