import type { TEmergency } from '@signage/domain';
import { Button, List, Popconfirm, Tag, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { errorMessageOf } from '../../../lib/api';
import { formatGmt } from '../../../lib/gmt';
import { useCancelEmergency } from '../api';

const STATE_COLOR: Record<TEmergency['state'], string> = { active: 'error', ended: 'default', cancelled: 'warning' };

/** Whom a message went to, as the form chose it. */
function targetText(t: TFunction, message: TEmergency): string {
  const target = message.target;
  if (target.by === 'countries') {
    return `${t('emergency.by.countries')}: ${target.countries.map((c) => t(`country.${c}`)).join(', ')}`;
  }
  if (target.by === 'stores') return `${t('emergency.by.stores')}: ${target.shop_nos.join(', ')}`;
  if (target.by === 'tags') return t('emergency.tagCount', { n: target.tag_ids.length });
  return t('emergency.by.all');
}

/** The messages posted (newest first): active ones with Cancel, asked to confirm; every one with its state. */
export function EmergencyList({ messages }: { messages: TEmergency[] }) {
  const { t } = useTranslation();
  const cancel = useCancelEmergency();
  return (
    <>
      {cancel.error ? (
        <Typography.Text type="danger" role="alert">
          {errorMessageOf(cancel.error, t('emergency.cancelFailed'))}
        </Typography.Text>
      ) : null}
      <List
        aria-label={t('emergency.list')}
        locale={{ emptyText: <Typography.Text type="secondary">{t('emergency.none')}</Typography.Text> }}
        dataSource={messages}
        renderItem={(message) => (
          <List.Item
            key={message.emergency_id}
            data-testid={`emergency-${message.emergency_id}`}
            actions={
              message.state === 'active'
                ? [
                    <Popconfirm
                      key="cancel"
                      title={t('emergency.cancelConfirm')}
                      okText={t('emergency.cancelYes')}
                      cancelText={t('emergency.cancelNo')}
                      onConfirm={() => cancel.mutate(message.emergency_id)}
                    >
                      <Button danger loading={cancel.isPending && cancel.variables === message.emergency_id}>
                        {t('emergency.cancel')}
                      </Button>
                    </Popconfirm>,
                  ]
                : []
            }
          >
            <List.Item.Meta
              title={
                <>
                  <Tag color={STATE_COLOR[message.state]}>{t(`emergency.state.${message.state}`)}</Tag>
                  {message.kind === 'text'
                    ? message.text
                    : `${t('emergency.kind.image')}: ${message.content_name ?? '—'}`}
                </>
              }
              description={
                <>
                  <div>{targetText(t, message)}</div>
                  <div>
                    {t('emergency.when', {
                      from: formatGmt(message.starts_at),
                      to: formatGmt(message.cancelled_at ?? message.ends_at),
                    })}
                  </div>
                  <div>
                    {t('emergency.reach', { players: message.players, shown: message.players_shown })} ·{' '}
                    {t('emergency.postedBy', { user: message.created_by })}
                    {message.cancelled_by ? ` · ${t('emergency.cancelledBy', { user: message.cancelled_by })}` : ''}
                  </div>
                </>
              }
            />
          </List.Item>
        )}
      />
    </>
  );
}
