import { FLEET_HEALTH_STATES, type FleetHealthState, MESSAGES, type TFleetCounts } from '@signage/domain';
import { Card, Empty, Flex, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { translateMessage } from '../../../i18n/messages';
import { errorMessageOf } from '../../../lib/api';
import { formatGmtSeconds } from '../../../lib/gmt';
import { CenteredSpinner } from '../../../ui/CenteredSpinner';
import { PageHeader } from '../../../ui/PageHeader';
import { useFleetHealth } from '../api';
import { HealthChart } from '../components/HealthChart';

type Row = TFleetCounts & { region: string | null };

/** A count as a link to the player list filtered by its state (and country), or a plain 0. */
function CountLink({ row, state }: { row: Row; state: FleetHealthState }) {
  const { t } = useTranslation();
  const count = row[state];
  if (count === 0) return <span>0</span>;
  const search = new URLSearchParams({ health: state, ...(row.region ? { region: row.region } : {}) });
  return (
    <Link
      to={`/device/list?${search.toString()}`}
      aria-label={t('fleet.showPlayers', {
        count,
        state: t(`fleet.${state}`),
        country: row.region ?? t('fleet.total'),
      })}
    >
      {count}
    </Link>
  );
}

/**
 * Fleet health (issue 29 item 2): the user's region's players per country, online, offline while the store is
 * open or closed, behind on delivery, with playback errors, with storage nearly full; asked again every 15 s.
 */
export default function FleetHealthPage() {
  const { t } = useTranslation();
  const health = useFleetHealth();
  const data = health.data;
  const rows: Row[] = data ? [...data.countries, { ...data.totals, region: null }] : [];
  const hints: Partial<Record<FleetHealthState, string>> = data
    ? {
        offline_open: t('fleet.offlineHint'),
        behind: t('fleet.behindHint', { minutes: data.behind_minutes }),
        errors: t('fleet.errorsHint', { hours: data.error_hours }),
        storage: t('fleet.storageHint', { percent: Math.round(data.storage_full_ratio * 100) }),
      }
    : {};
  return (
    <>
      <PageHeader title={t('title.fleetHealth')} />
      {health.isError ? (
        <Typography.Text type="danger" role="alert">
          {translateMessage(t, errorMessageOf(health.error, MESSAGES.playerGetFailed))}
        </Typography.Text>
      ) : null}
      {!data && health.isPending ? <CenteredSpinner /> : null}
      {data ? (
        <Flex vertical gap={16}>
          <Typography.Text type="secondary" data-testid="fleet-updated">
            {t('fleet.updatedAt', { time: formatGmtSeconds(data.generated_at) })}
          </Typography.Text>
          {data.countries.length === 0 ? (
            <Card>
              <Empty description={<Typography.Text type="secondary">{t('fleet.empty')}</Typography.Text>} />
            </Card>
          ) : (
            <>
              <Card>
                <HealthChart health={data} />
              </Card>
              <Card>
                <Table<Row>
                  size="small"
                  pagination={false}
                  rowKey={(row) => row.region ?? ''}
                  dataSource={rows}
                  scroll={{ x: 'max-content' }}
                  columns={[
                    {
                      key: 'region',
                      title: t('fleet.country'),
                      render: (_, row) => (row.region === null ? <strong>{t('fleet.total')}</strong> : row.region),
                    },
                    { key: 'players', title: t('fleet.players'), dataIndex: 'players' },
                    ...FLEET_HEALTH_STATES.map((state) => ({
                      key: state,
                      title: hints[state] ? (
                        <span title={hints[state]}>{t(`fleet.${state}`)}</span>
                      ) : (
                        t(`fleet.${state}`)
                      ),
                      render: (_: unknown, row: Row) => <CountLink row={row} state={state} />,
                    })),
                  ]}
                />
                <ul style={{ marginBottom: 0 }}>
                  {FLEET_HEALTH_STATES.filter((state) => hints[state]).map((state) => (
                    <li key={state}>
                      <Typography.Text type="secondary">{`${t(`fleet.${state}`)}: ${hints[state]}`}</Typography.Text>
                    </li>
                  ))}
                </ul>
              </Card>
            </>
          )}
        </Flex>
      ) : null}
    </>
  );
}
