import { issueReasonOf, type TDevice } from '@signage/domain';
import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { gmtShort } from '../../lib/gmt';
import { StatusDot, Tag } from '../lite';

/** Alive, or 'Issue' with its reason: never connected, error reported, or offline since a time (GMT). */
export function PlayerStatus({ device, kitting = false }: { device: TDevice; kitting?: boolean }) {
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
