import { issueReasonOf, type TDevice } from '@signage/domain';
import { Flex, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { gmtShort } from '../../lib/gmt';
import { StatusDot, Tag } from '../lite';

/**
 * Alive, or 'Issue' with its reason: never connected, error reported, or offline since a time (GMT). `compact`
 * (the player list, issue 31): one line, the reason in a tooltip (and read out with the status).
 */
export function PlayerStatus({
  device,
  kitting = false,
  compact = false,
}: {
  device: TDevice;
  kitting?: boolean;
  compact?: boolean;
}) {
  const { t } = useTranslation();
  if (kitting && !device.is_activated) return <Tag>{t('players.notRegistered')}</Tag>;
  const now = new Date();
  const reason = issueReasonOf(device, now);
  if (!reason) return <StatusDot status="success">{t('players.alive')}</StatusDot>;
  const because =
    reason.kind === 'neverConnected'
      ? t('players.issueNeverConnected')
      : reason.kind === 'errorReported'
        ? t('players.issueErrorReported', { time: gmtShort(reason.at, now) })
        : t('players.issueOfflineSince', { time: gmtShort(reason.since, now) });
  if (compact)
    return (
      <Tooltip title={because}>
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: the reason's tooltip opens on keyboard focus too */}
        <span tabIndex={0} className="lt-status-issue">
          <StatusDot status="error">
            <Typography.Text type="danger">{t('players.issue')}</Typography.Text>
          </StatusDot>
          <span className="visually-hidden"> {because}</span>
        </span>
      </Tooltip>
    );
  return (
    <Flex vertical>
      <StatusDot status="error">
        <Typography.Text type="danger">{t('players.issue')}</Typography.Text>
      </StatusDot>
      <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
        {because}
      </Typography.Text>
    </Flex>
  );
}
