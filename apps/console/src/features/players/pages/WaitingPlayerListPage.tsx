import { ReloadOutlined } from '@ant-design/icons';
import { MESSAGES, maxPageOf, waitingListActivatedParam } from '@signage/domain';
import { Button, Card, Empty, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useScreenState } from '../../../app/screenState';
import { translateMessage } from '../../../i18n/messages';
import { errorMessageOf } from '../../../lib/api';
import { useAuth } from '../../../lib/authStore';
import { formatGmt } from '../../../lib/gmt';
import { ListPager } from '../../../ui/ListPager';
import { PageHeader } from '../../../ui/PageHeader';
import { useWaitingList } from '../api';

/** Players waiting for registration (SPEC.md section 2): Refresh, table with Register, pager. */
export default function WaitingPlayerListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const role = useAuth((state) => state.user?.authority);
  const { page, order, setPage } = useScreenState('waitingList');
  const list = useWaitingList(page, order, role ? waitingListActivatedParam(role) : undefined);
  const rows = list.data?.registrations ?? [];
  const summary = list.data?.summary;

  return (
    <>
      <PageHeader
        title={t('title.waitingList')}
        extra={
          <Button icon={<ReloadOutlined />} onClick={() => list.refetch()} loading={list.isFetching}>
            {t('players.refresh')}
          </Button>
        }
      />
      <Card>
        <Table
          rowKey="device_name"
          loading={list.isLoading}
          dataSource={rows}
          pagination={false}
          locale={{
            emptyText: (
              <Empty
                description={
                  list.isError
                    ? translateMessage(t, errorMessageOf(list.error, MESSAGES.registrationGetFailed))
                    : t('messages.noWaitingPlayer')
                }
              />
            ),
          }}
          columns={[
            { title: t('players.playerName'), dataIndex: 'device_name' },
            { title: t('players.announcedAt'), dataIndex: 'created_at', render: (value: string) => formatGmt(value) },
            {
              title: '',
              key: 'register',
              align: 'right',
              render: (_, row) => (
                <Button
                  type="primary"
                  onClick={() => navigate(`/newdevice/register/${encodeURIComponent(row.device_name)}`)}
                >
                  {t('players.register')}
                </Button>
              ),
            },
          ]}
        />
        {summary && summary.total > 0 ? (
          <ListPager page={summary.page} maxPage={maxPageOf(summary.total)} total={summary.total} onChange={setPage} />
        ) : null}
      </Card>
    </>
  );
}
