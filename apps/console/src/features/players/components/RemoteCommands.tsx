import { COMMAND_CONTRACTS, COMMAND_KINDS, pathOf, type TCommand, type TCommandList } from '@signage/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Flex, List, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { call } from '../../../lib/api';
import { formatGmt } from '../../../lib/gmt';
import { API_BASE } from '../../../lib/http';

const POLL_MS = 1500;
const STATE_COLOR: Record<TCommand['state'], string> = {
  pending: 'processing',
  done: 'success',
  failed: 'error',
  expired: 'warning',
};

/**
 * Remote commands of a player (issue 29 items 4, 5): for the roles that may edit it. Polled every 1.5 s while a
 * command waits for the player's answer; the server turns one not answered in 60 s into 'expired'.
 */
export function RemoteCommands({ deviceCode }: { deviceCode: string }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const key = ['players', 'commands', deviceCode];
  const list = useQuery<TCommandList>({
    queryKey: key,
    queryFn: ({ signal }) => call(COMMAND_CONTRACTS.list, { params: { device_code: deviceCode }, signal }),
    refetchInterval: (query) => (query.state.data?.commands.some((c) => c.state === 'pending') ? POLL_MS : false),
  });
  const send = useMutation<TCommand, Error, TCommand['kind']>({
    mutationFn: (kind) => call(COMMAND_CONTRACTS.send, { params: { device_code: deviceCode }, body: { kind } }),
    onSuccess: () => void client.invalidateQueries({ queryKey: key }),
  });
  const shot = list.data?.screenshots[0];
  return (
    <Card title={t('remote.title')} style={{ marginTop: 16 }}>
      <Flex gap={8} wrap>
        {COMMAND_KINDS.map((kind) => (
          <Button key={kind} onClick={() => send.mutate(kind)} loading={send.isPending && send.variables === kind}>
            {t(`remote.${kind}`)}
          </Button>
        ))}
      </Flex>
      {send.isError ? <Typography.Text type="danger">{t('remote.sendFailed')}</Typography.Text> : null}
      {shot ? (
        <figure style={{ margin: '16px 0' }}>
          <img
            alt={t('remote.screenshot')}
            data-testid="screenshot"
            style={{ maxWidth: '100%', maxHeight: 360 }}
            src={`${API_BASE}${pathOf(COMMAND_CONTRACTS.screenshot, { device_code: deviceCode, screenshot_id: shot.screenshot_id })}`}
          />
          <figcaption>
            {t('remote.takenAt', { time: formatGmt(shot.taken_at) })}
            {shot.error ? ` · ${t('remote.playbackError', { error: shot.error })}` : ''}
          </figcaption>
        </figure>
      ) : null}
      <List
        size="small"
        // The list's own empty text is antd's #bfbfbf (1.8:1): the secondary text colour passes AA.
        locale={{ emptyText: <Typography.Text type="secondary">{t('remote.none')}</Typography.Text> }}
        dataSource={list.data?.commands ?? []}
        renderItem={(command) => (
          <List.Item key={command.command_id}>
            <span>
              {t(`remote.${command.kind}`)} · {formatGmt(command.requested_at)} · {command.requested_by}
            </span>
            <Tag color={STATE_COLOR[command.state]} data-testid={`command-${command.kind}`}>
              {command.state === 'pending' ? t('remote.pending') : t(`remote.${command.state}`)}
              {command.message ? `: ${command.message}` : ''}
            </Tag>
          </List.Item>
        )}
      />
    </Card>
  );
}
