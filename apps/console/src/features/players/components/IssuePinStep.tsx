import { displayPatternLabel, MESSAGES, REGISTRATION_REDIRECT_MS, type TIssuedPin, zoneLabel } from '@signage/domain';
import { Alert, Button, Card, Descriptions, Flex, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorMessageOf } from '../../../app/api';
import { useBanner } from '../../../app/shell/useBanner';
import { textOr } from '../../../i18n/keys';
import { useRegisterNewDevice, useReissuePin } from '../api';
import { formatGmt } from '../format';
import type { StoreDraft } from '../store';

type Props = { serial: string; draft: StoreDraft; onBack: () => void };

/** Counts down to the player list; cancelled by `stay`. */
function useRedirectCountdown(active: boolean) {
  const navigate = useNavigate();
  const [left, setLeft] = useState<number | null>(null);
  useEffect(() => {
    if (!active) return;
    const deadline = Date.now() + REGISTRATION_REDIRECT_MS;
    setLeft(Math.ceil(REGISTRATION_REDIRECT_MS / 1000));
    const timer = window.setInterval(() => {
      const remaining = Math.ceil((deadline - Date.now()) / 1000);
      if (remaining <= 0) {
        window.clearInterval(timer);
        navigate('/device/list');
      } else setLeft(remaining);
    }, 250);
    return () => window.clearInterval(timer);
  }, [active, navigate]);
  return left;
}

/** Step 2 of Register player: issue the PIN, show it large with Clear, then the confirmation with its countdown. */
export function IssuePinStep({ serial, draft, onBack }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const banner = useBanner();
  const register = useRegisterNewDevice();
  const reissue = useReissuePin();
  const [issued, setIssued] = useState<TIssuedPin | null>(null);
  const [pinVisible, setPinVisible] = useState(false);
  const [redirecting, setRedirecting] = useState(false);
  const [continueOpen, setContinueOpen] = useState(true);
  const secondsLeft = useRedirectCountdown(redirecting);

  const store = {
    region: draft.region ?? '',
    shop_no: draft.shop_no,
    shop_name: draft.shop_name.trim(),
    display_pattern: draft.display_pattern as never,
    memo: draft.memo,
    ...(draft.time_zone ? { time_zone: draft.time_zone } : {}),
  };
  const onIssued = (pin: TIssuedPin) => {
    setIssued(pin);
    setPinVisible(true);
    setRedirecting(true);
    banner.show({ level: 'info', text: MESSAGES.playerRegistered });
  };
  const onFailed = (error: unknown) =>
    banner.show({ level: 'error', text: errorMessageOf(error, MESSAGES.playerPostFailed) });
  const issue = () => {
    if (issued) {
      reissue.mutate({ ...store, device_code: issued.device_code }, { onSuccess: onIssued, onError: onFailed });
    } else {
      register.mutate(
        {
          ...store,
          device_name: serial,
          store_type: (draft.store_type ?? '') as never,
          device_type: draft.device_type as never,
          tags: draft.tags,
        },
        { onSuccess: onIssued, onError: onFailed },
      );
    }
  };
  const pending = register.isPending || reissue.isPending;

  return (
    <Flex vertical gap={16}>
      <Card>
        <Descriptions
          column={{ xs: 1, md: 2 }}
          size="small"
          items={[
            { key: 'serial', label: t('players.serial'), children: serial },
            {
              key: 'country',
              label: t('players.country'),
              children: draft.region ? textOr(t, `country.${draft.region}`, draft.region) : '-',
            },
            {
              key: 'timeZone',
              label: t('players.timeZone'),
              children: draft.time_zone ? zoneLabel(draft.time_zone) : '-',
            },
            { key: 'code', label: t('players.storeCode'), children: draft.shop_no },
            { key: 'name', label: t('players.storeName'), children: draft.shop_name },
            {
              key: 'pattern',
              label: t('players.displayPattern'),
              children: draft.display_pattern ? displayPatternLabel(draft.display_pattern) : '-',
            },
            {
              key: 'location',
              label: t('players.location'),
              children: textOr(t, `location.${draft.device_type}`, draft.device_type),
            },
          ]}
        />
        <Flex gap={8} justify="flex-end" style={{ marginTop: 16 }}>
          {issued ? null : <Button onClick={onBack}>{t('players.backToStore')}</Button>}
          <Button type="primary" onClick={issue} loading={pending}>
            {issued ? t('players.issueNewPin') : t('players.issuePin')}
          </Button>
        </Flex>
      </Card>

      {issued && pinVisible ? (
        <Card
          title={t('players.pin')}
          extra={<Button onClick={() => setPinVisible(false)}>{t('players.clearPin')}</Button>}
        >
          <output
            aria-label={t('players.pin')}
            data-testid="issued-pin"
            style={{
              display: 'block',
              fontSize: 56,
              fontWeight: 600,
              letterSpacing: '0.3em',
              fontFamily: 'monospace',
              textAlign: 'center',
            }}
          >
            {issued.pin}
          </output>
          <Typography.Paragraph style={{ textAlign: 'center', marginBottom: 0 }}>
            {t('players.pinHelp')} {t('players.pinValidUntil', { time: formatGmt(issued.expires_at) })}
          </Typography.Paragraph>
        </Card>
      ) : null}
      {issued && !pinVisible ? <Alert type="info" showIcon title={t('players.pinCleared')} /> : null}

      {redirecting && secondsLeft !== null ? (
        <Alert
          type="success"
          showIcon
          role="status"
          title={t('messages.playerRegistered')}
          description={t('players.redirectIn', { seconds: secondsLeft })}
          action={
            <Flex vertical gap={8}>
              <Button size="small" onClick={() => setRedirecting(false)}>
                {t('players.stay')}
              </Button>
              <Button size="small" type="primary" onClick={() => navigate('/device/list')}>
                {t('players.goNow')}
              </Button>
            </Flex>
          }
        />
      ) : null}

      {issued ? (
        <Card
          size="small"
          title={t('players.continueTitle')}
          extra={
            <Button type="link" aria-expanded={continueOpen} onClick={() => setContinueOpen((open) => !open)}>
              {continueOpen ? t('players.hidePanel') : t('players.showPanel')}
            </Button>
          }
        >
          {continueOpen ? (
            <Flex align="center" justify="space-between" wrap gap={8}>
              <Typography.Text>{t('players.continueHint')}</Typography.Text>
              <Button onClick={() => navigate('/newdevice/list')}>{t('players.toWaitingList')}</Button>
            </Flex>
          ) : null}
        </Card>
      ) : null}
    </Flex>
  );
}
