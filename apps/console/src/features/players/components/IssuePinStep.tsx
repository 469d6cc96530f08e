import { MESSAGES, type TIssuedPin } from '@signage/domain';
import { Alert, Button, Card, Flex, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useBanner } from '../../../app/shell/useBanner';
import { errorMessageOf } from '../../../lib/api';
import { formatGmt } from '../../../lib/gmt';
import { useRegisterNewDevice, useReissuePin } from '../api';
import type { StoreDraft } from '../store';
import { PairingProgress } from './PairingProgress';
import { RegistrationSummary } from './RegistrationSummary';

type Props = { serial: string; draft: StoreDraft; onBack: () => void };

/**
 * Step 2 of Register player: confirm the step-1 fields, issue the PIN and show it large (with Clear),
 * then follow the pairing live until the player has taken the PIN.
 */
export function IssuePinStep({ serial, draft, onBack }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const banner = useBanner();
  const register = useRegisterNewDevice();
  const reissue = useReissuePin();
  const [issued, setIssued] = useState<TIssuedPin | null>(null);
  const [pinVisible, setPinVisible] = useState(false);
  const [paired, setPaired] = useState(false);
  const [continueOpen, setContinueOpen] = useState(true);

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
        <RegistrationSummary serial={serial} draft={draft} />
        {paired ? null : (
          <Flex gap={8} justify="flex-end" style={{ marginTop: 16 }}>
            {issued ? null : <Button onClick={onBack}>{t('players.backToStore')}</Button>}
            <Button type="primary" onClick={issue} loading={pending}>
              {issued ? t('players.issueNewPin') : t('players.issuePin')}
            </Button>
          </Flex>
        )}
      </Card>

      {issued && pinVisible && !paired ? (
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
      {issued && !pinVisible && !paired ? <Alert type="info" showIcon title={t('players.pinCleared')} /> : null}

      {issued ? <PairingProgress deviceCode={issued.device_code} onPaired={() => setPaired(true)} /> : null}

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
