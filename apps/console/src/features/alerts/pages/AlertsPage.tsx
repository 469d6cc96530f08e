import type { AlertCondition, Role, TAlertSubscription, TAlertSubscriptionInput } from '@signage/domain';
import { Button, Card, Col, Empty, Popconfirm, Row, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useBanner } from '../../../app/shell/useBanner';
import { textOr } from '../../../i18n/keys';
import { errorMessageOf } from '../../../lib/api';
import { useAuth } from '../../../lib/authStore';
import { formatGmtSeconds } from '../../../lib/gmt';
import { PageHeader } from '../../../ui/PageHeader';
import { useDeliveryLog, useSubscribe, useSubscriptions, useUnsubscribe } from '../api';
import { DeliveryLog } from '../components/DeliveryLog';
import { alertFieldError, alertMessageText, SubscriptionForm } from '../components/SubscriptionForm';

/** A card's heading: a level-3 heading under the page's (the screen reader's outline), at the card's size. */
function SectionTitle({ text }: { text: string }) {
  return (
    <Typography.Title level={3} style={{ margin: 0, fontSize: 16 }}>
      {text}
    </Typography.Title>
  );
}

/**
 * Alerts that reach people (issue 29 item 3; DS_LHQIT its region, DS_FRIT every country): my subscriptions, a
 * form for a new one, and the delivery log of what was sent, with every attempt.
 */
export default function AlertsPage() {
  const { t } = useTranslation();
  const user = useAuth((state) => state.user);
  const subscriptions = useSubscriptions();
  const log = useDeliveryLog();
  const subscribe = useSubscribe();
  const unsubscribe = useUnsubscribe();

  const add = async (input: TAlertSubscriptionInput): Promise<string | null> => {
    try {
      await subscribe.mutateAsync(input);
      useBanner.getState().show({ level: 'info', text: 'alerts.subscribed' });
      return null;
    } catch (error) {
      const message = errorMessageOf(error, t('alerts.subscribeFailed'));
      if (!alertFieldError(t, message))
        useBanner.getState().show({ level: 'error', text: alertMessageText(t, message) });
      return message;
    }
  };
  const remove = async (id: string) => {
    try {
      await unsubscribe.mutateAsync(id);
    } catch (error) {
      useBanner.getState().show({ level: 'error', text: errorMessageOf(error, t('alerts.unsubscribeFailed')) });
    }
  };
  const countries = (list: string[]) =>
    list.length === 0 ? t('alerts.allCountries') : list.map((code) => textOr(t, `country.${code}`, code)).join(', ');

  return (
    <>
      <PageHeader title={t('title.alerts')} />
      <Row gutter={16}>
        <Col xs={24} lg={10}>
          <Card title={<SectionTitle text={t('alerts.newSubscription')} />} style={{ marginBottom: 16 }}>
            <SubscriptionForm
              role={(user?.authority ?? 'DS_FRIT') as Role}
              region={user?.region ?? ''}
              saving={subscribe.isPending}
              onSubmit={add}
            />
          </Card>
        </Col>
        <Col xs={24} lg={14}>
          <Card title={<SectionTitle text={t('alerts.mySubscriptions')} />} style={{ marginBottom: 16 }}>
            <Table<TAlertSubscription>
              rowKey="subscription_id"
              loading={subscriptions.isLoading}
              dataSource={subscriptions.data ?? []}
              pagination={false}
              locale={{ emptyText: <Empty description={t('alerts.noSubscriptions')} /> }}
              columns={[
                {
                  title: t('alerts.conditions'),
                  dataIndex: 'conditions',
                  render: (list: AlertCondition[]) => list.map((c) => t(`alerts.condition.${c}`)).join(', '),
                },
                { title: t('alerts.countries'), dataIndex: 'countries', render: countries },
                {
                  title: t('alerts.to'),
                  key: 'to',
                  render: (_, s) =>
                    `${t(s.channel === 'email' ? 'alerts.channelEmail' : 'alerts.channelWebhook')}: ${s.target}`,
                },
                { title: t('alerts.createdAt'), dataIndex: 'created_at', render: (at: string) => formatGmtSeconds(at) },
                {
                  title: t('alerts.actions'),
                  key: 'actions',
                  render: (_, s) => (
                    <Popconfirm
                      title={t('alerts.unsubscribeConfirm')}
                      okText={t('alerts.unsubscribe')}
                      cancelText={t('alerts.cancel')}
                      onConfirm={() => void remove(s.subscription_id)}
                    >
                      <Button danger size="small">
                        {t('alerts.unsubscribe')}
                      </Button>
                    </Popconfirm>
                  ),
                },
              ]}
            />
          </Card>
        </Col>
      </Row>
      <Card title={<SectionTitle text={t('alerts.deliveryLog')} />}>
        <DeliveryLog messages={log.data ?? []} loading={log.isLoading} />
      </Card>
    </>
  );
}
