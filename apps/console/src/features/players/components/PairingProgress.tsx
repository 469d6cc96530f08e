import { LoadingOutlined } from '@ant-design/icons';
import { MESSAGES, PAIR_THROTTLE, REGISTRATION_REDIRECT_MS, type TPairingStatus } from '@signage/domain';
import { Alert, Button, Flex } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useBanner } from '../../../app/shell/useBanner';
import { formatGmt } from '../../../lib/gmt';
import { usePairingStatus } from '../api';

/** Counts down to the player list while `active`; once stopped it stays stopped (the caller decides). */
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

/**
 * Wrong PINs typed for the open PIN, from any address: the server cannot tell the installer's typos from a
 * stranger's guesses, so staff are told how many there were and, once the PIN's tries are used up, that it
 * is void and a new one is needed.
 */
function PinAttempts({ status }: { status: TPairingStatus | undefined }) {
  const { t } = useTranslation();
  if (!status || status.wrong_pin_attempts === 0) return null;
  if (status.pin_void) return <Alert type="error" showIcon role="alert" title={t('players.pinVoid')} />;
  const left = Math.max(0, PAIR_THROTTLE.guessesPerPin - status.wrong_pin_attempts);
  return (
    <Alert
      type="warning"
      showIcon
      title={t('players.pinAttemptsElsewhere', { attempts: status.wrong_pin_attempts })}
      description={t('players.pinAttemptsElsewhereHelp', { left })}
    />
  );
}

/**
 * Live pairing status of the PIN step: 'Waiting for the player…' until the PIN has been typed on it,
 * then 'Paired'. Only then is the registration complete, and only then does the 30-second way to the
 * player list start; 'Stay on this page' cancels it for good (a new PIN cannot restart it).
 */
export function PairingProgress({ deviceCode, onPaired }: { deviceCode: string; onPaired: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const banner = useBanner();
  const status = usePairingStatus(deviceCode);
  const paired = status.data?.is_activated === true;
  const [stayed, setStayed] = useState(false);
  const secondsLeft = useRedirectCountdown(paired && !stayed);
  const announced = useRef(false);
  useEffect(() => {
    if (!paired || announced.current) return;
    announced.current = true;
    banner.show({ level: 'info', text: MESSAGES.playerRegistered });
    onPaired();
  }, [paired, banner, onPaired]);

  if (!paired) {
    return (
      <Flex vertical gap={8}>
        <Alert
          type="info"
          showIcon
          icon={<LoadingOutlined />}
          role="status"
          title={t('players.pairingWaiting')}
          description={t('players.pairingWaitingHelp')}
        />
        <PinAttempts status={status.data} />
      </Flex>
    );
  }
  return (
    <Alert
      type="success"
      showIcon
      role="status"
      title={`${t('players.pairingDone')} — ${t('messages.playerRegistered')}`}
      description={
        <>
          {t('players.pairedAt', { time: formatGmt(status.data?.activated_at) })}
          {secondsLeft !== null && !stayed ? (
            <>
              <br />
              {t('players.redirectIn', { seconds: secondsLeft })}
            </>
          ) : null}
        </>
      }
      action={
        <Flex vertical gap={8}>
          {stayed ? null : (
            <Button size="small" onClick={() => setStayed(true)}>
              {t('players.stay')}
            </Button>
          )}
          <Button size="small" type="primary" onClick={() => navigate('/device/list')}>
            {t('players.goNow')}
          </Button>
        </Flex>
      }
    />
  );
}
