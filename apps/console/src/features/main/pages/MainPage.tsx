import { menuFor } from '@signage/domain';
import { Card, Col, Empty, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAuth } from '../../../lib/authStore';
import { PageHeader } from '../../../ui/PageHeader';

/** Main (/): a welcome and the screens the user's role may open. */
export default function MainPage() {
  const { t } = useTranslation();
  const user = useAuth((state) => state.user);
  const groups = user ? menuFor(user.authority) : [];
  return (
    <>
      <PageHeader title={t('title.main')} />
      <Card>
        <Typography.Title level={4} style={{ marginTop: 0 }}>
          {t('shell.welcome', { name: user?.username ?? '' })}
        </Typography.Title>
        <Typography.Paragraph type="secondary">{t('shell.welcomeHint')}</Typography.Paragraph>
        {groups.length === 0 ? (
          <Empty description={t('shell.noScreens')} />
        ) : (
          <Row gutter={[16, 16]}>
            {groups.map((group) => (
              <Col key={group.key} xs={24} sm={12} lg={6}>
                <Card size="small" title={t(group.labelKey)}>
                  <nav aria-label={t(group.labelKey)}>
                    <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
                      {group.items.map((item) => (
                        <li key={item.key} style={{ padding: '4px 0' }}>
                          <Link to={item.path}>{t(item.labelKey)}</Link>
                        </li>
                      ))}
                    </ul>
                  </nav>
                </Card>
              </Col>
            ))}
          </Row>
        )}
      </Card>
    </>
  );
}
