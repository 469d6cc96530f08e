import { Button, Card, Col, Flex, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useBanner } from '../../../app/shell/useBanner';
import { errorMessageOf } from '../../../lib/api';
import { PageHeader } from '../../../ui/PageHeader';
import { useEmergencyPages } from '../api';
import { EmergencyForm } from '../components/EmergencyForm';
import { EmergencyList } from '../components/EmergencyList';

/**
 * Emergency messages (issue 29 item 6; DS_FRIT every region, DS_LHQIT its own, as the server decides): post a
 * text or an image over every schedule of a selection of players until an end, see the active and past ones
 * (50 at a time, newest first, Load more for older ones), cancel one (it leaves the screens at once).
 */
export default function EmergencyPage() {
  const { t } = useTranslation();
  const list = useEmergencyPages();
  const messages = list.data?.pages.flatMap((page) => page.emergencies) ?? [];
  return (
    <>
      <PageHeader title={t('title.emergency')} />
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={10}>
          <Card title={t('emergency.new')}>
            <EmergencyForm onPosted={() => useBanner.getState().show({ level: 'info', text: 'emergency.posted' })} />
          </Card>
        </Col>
        <Col xs={24} lg={14}>
          <Card title={t('emergency.list')} loading={list.isLoading}>
            {list.error ? (
              <Typography.Text type="danger" role="alert">
                {errorMessageOf(list.error, t('emergency.loadFailed'))}
              </Typography.Text>
            ) : null}
            <EmergencyList messages={messages} />
            {list.hasNextPage ? (
              <Flex justify="center" style={{ marginTop: 16 }}>
                <Button onClick={() => void list.fetchNextPage()} loading={list.isFetchingNextPage}>
                  {t('emergency.loadMore')}
                </Button>
              </Flex>
            ) : null}
          </Card>
        </Col>
      </Row>
    </>
  );
}
