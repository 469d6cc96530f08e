import type { TAlertAttempt, TAlertMessage, TAlertPlayer } from '@signage/domain';
import { Empty, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatGmtSeconds } from '../../../lib/gmt';

const STATUS_COLOR: Record<TAlertMessage['status'], string> = {
  pending: 'gold',
  sending: 'blue',
  sent: 'green',
  failed: 'red',
};

function Players({ players }: { players: TAlertPlayer[] }) {
  const { t } = useTranslation();
  return (
    <ul style={{ margin: 0, paddingInlineStart: 16 }}>
      {players.map((player) => (
        <li key={`${player.device_code}-${player.condition}`}>
          {`${player.region} ${player.shop_no} ${player.shop_name} · ${t(`alerts.condition.${player.condition}`)}`}
        </li>
      ))}
    </ul>
  );
}

function Attempts({ attempts, message }: { attempts: TAlertAttempt[]; message: TAlertMessage }) {
  const { t } = useTranslation();
  return (
    <ol style={{ margin: 0, paddingInlineStart: 20 }}>
      {attempts.map((attempt) => (
        <li key={attempt.attempt}>
          {`${formatGmtSeconds(attempt.attempted_at)} · `}
          {attempt.ok ? t('alerts.attemptOk') : t('alerts.attemptFailed')}
          {attempt.status_code !== null ? ` (HTTP ${attempt.status_code})` : ''}
          {attempt.error ? (
            <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12, wordBreak: 'break-all' }}>
              {attempt.error}
            </Typography.Text>
          ) : null}
        </li>
      ))}
      {message.next_attempt_at ? (
        <li>{t('alerts.nextAttempt', { at: formatGmtSeconds(message.next_attempt_at) })}</li>
      ) : null}
    </ol>
  );
}

/** The delivery log: each message (alert or back to normal), where it went, its players and every attempt. */
export function DeliveryLog({ messages, loading }: { messages: TAlertMessage[]; loading: boolean }) {
  const { t } = useTranslation();
  return (
    <Table<TAlertMessage>
      rowKey="message_id"
      loading={loading}
      dataSource={messages}
      pagination={false}
      locale={{ emptyText: <Empty description={t('alerts.noMessages')} /> }}
      columns={[
        { title: t('alerts.createdAt'), dataIndex: 'created_at', render: (at: string) => formatGmtSeconds(at) },
        {
          title: t('alerts.kind'),
          dataIndex: 'kind',
          render: (kind: TAlertMessage['kind']) => t(`alerts.kindLabel.${kind}`),
        },
        {
          title: t('alerts.to'),
          key: 'to',
          render: (_, message) =>
            `${t(message.channel === 'email' ? 'alerts.channelEmail' : 'alerts.channelWebhook')}: ${message.target}`,
        },
        {
          title: t('alerts.players'),
          key: 'players',
          render: (_, message) => <Players players={message.players} />,
        },
        {
          title: t('alerts.status'),
          dataIndex: 'status',
          render: (status: TAlertMessage['status']) => (
            <Tag color={STATUS_COLOR[status]}>{t(`alerts.statusLabel.${status}`)}</Tag>
          ),
        },
        {
          title: t('alerts.attempts'),
          key: 'attempts',
          render: (_, message) => <Attempts attempts={message.attempts} message={message} />,
        },
      ]}
    />
  );
}
