import { ClockCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Tag } from '../lite';

/**
 * 'Closed now' on a player's status line (issue 29 item 1: offline while closed is no alarm). The regular density
 * shows the tag; the compact one a clock mark with the words on hover and for screen readers, so that a closed
 * store's row keeps to one line and a screen still holds 15 players at night, when every store is closed.
 */
export function ClosedNow({ compact }: { compact: boolean }) {
  const { t } = useTranslation();
  if (!compact) return <Tag data-testid="closed-now">{t('players.closedNow')}</Tag>;
  return (
    <span data-testid="closed-now" className="closed-now-mark" title={t('players.closedNow')}>
      <ClockCircleOutlined aria-hidden />
      <span className="visually-hidden">{t('players.closedNow')}</span>
    </span>
  );
}
