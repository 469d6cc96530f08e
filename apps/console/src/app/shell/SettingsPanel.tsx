import { LogoutOutlined } from '@ant-design/icons';
import { isCountry, isLanguage, MESSAGES, type TUserInfo } from '@signage/domain';
import { useMutation } from '@tanstack/react-query';
import { Button, Divider, Drawer, Radio, Typography, theme } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LANGUAGE_LABELS, LANGUAGE_ORDER, setLanguage, useChosenLanguage } from '../../i18n';
import { ApiError, errorMessageOf } from '../../lib/api';
import { useAuth } from '../../lib/authStore';
import { logout, resetLocalSession } from '../auth/session';
import { useBanner } from './useBanner';

type SettingsPanelProps = { open: boolean; onClose: () => void };

function accountRows(t: TFunction, user: TUserInfo): [string, string][] {
  const notSet = t('shell.notSet');
  const shop = [user.shop_no, user.shop_name].filter(Boolean).join(' ');
  return [
    [t('shell.userId'), user.userId],
    [t('shell.authority'), t(`role.${user.authority}`)],
    [t('shell.region'), isCountry(user.region) ? t(`country.${user.region}`) : user.region || notSet],
    [t('shell.shop'), shop || notSet],
  ];
}

/** The settings panel the user-name button opens: account, language and logout. */
export function SettingsPanel({ open, onClose }: SettingsPanelProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useAuth((state) => state.user);
  const language = useChosenLanguage();
  const { token } = theme.useToken();

  const logoutMutation = useMutation({
    mutationFn: (userId: string) => logout(userId),
    onSettled: (_data, error) => {
      // A 401 means the session had already ended: that is a logout too.
      if (error && !(error instanceof ApiError && error.status === 401)) {
        onClose();
        useBanner.getState().show({ level: 'error', text: errorMessageOf(error, MESSAGES.logoutFailed) });
        return;
      }
      resetLocalSession();
      navigate('/login', { replace: true });
    },
  });

  return (
    <Drawer open={open} onClose={onClose} title={t('shell.settings')} placement="right" size={320}>
      {user ? (
        <section aria-labelledby="settings-account">
          <Typography.Title id="settings-account" level={5} style={{ marginTop: 0 }}>
            {user.username}
          </Typography.Title>
          <dl
            style={{
              display: 'grid',
              gridTemplateColumns: 'auto 1fr',
              alignItems: 'baseline',
              gap: '4px 16px',
              margin: 0,
            }}
          >
            {accountRows(t, user).map(([label, value]) => (
              <div key={label} style={{ display: 'contents' }}>
                <dt style={{ color: token.colorTextSecondary }}>{label}</dt>
                <dd style={{ margin: 0, overflowWrap: 'anywhere' }}>{value}</dd>
              </div>
            ))}
          </dl>
        </section>
      ) : null}

      <Divider />

      <section aria-labelledby="settings-language">
        <Typography.Title id="settings-language" level={5} style={{ marginTop: 0 }}>
          {t('shell.language')}
        </Typography.Title>
        <Radio.Group
          aria-labelledby="settings-language"
          value={language}
          onChange={(event) => {
            const next: unknown = event.target.value;
            if (isLanguage(next)) void setLanguage(next);
          }}
          style={{ display: 'flex', flexDirection: 'column', gap: 8 }}
        >
          {LANGUAGE_ORDER.map((option) => (
            <Radio key={option} value={option}>
              <span lang={option === 'tw' ? 'zh-Hant' : option}>{LANGUAGE_LABELS[option]}</span>
            </Radio>
          ))}
        </Radio.Group>
      </section>

      <Divider />

      <Button
        danger
        block
        icon={<LogoutOutlined aria-hidden />}
        loading={logoutMutation.isPending}
        disabled={!user}
        onClick={() => user && logoutMutation.mutate(user.userId)}
      >
        {t('shell.logout')}
      </Button>
    </Drawer>
  );
}
