import { Button, Card, Empty, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/**
 * The single sign-on response handler (/sso/{samlresponse}). Entering it has already ended any
 * session; exchanging the SAML response comes with the SSO feature.
 */
export default function SsoPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Flex component="main" align="center" justify="center" style={{ minHeight: '100vh', padding: 24 }}>
      <Card style={{ width: '100%', maxWidth: 400 }}>
        <Typography.Title level={4} style={{ textAlign: 'center' }}>
          {t('title.sso')}
        </Typography.Title>
        <Empty description={t('sso.notAvailable')} />
        <Button block type="primary" style={{ marginTop: 16 }} onClick={() => navigate('/login', { replace: true })}>
          {t('sso.backToLogin')}
        </Button>
      </Card>
    </Flex>
  );
}
