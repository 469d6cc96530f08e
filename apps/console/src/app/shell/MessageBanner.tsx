import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { bannerText } from '../../i18n/messages';
import { useBanner } from './useBanner';

/** The message banner under the header (info, warning, error); a click dismisses it. */
export function MessageBanner() {
  const { t } = useTranslation();
  const message = useBanner((state) => state.message);
  const hide = useBanner((state) => state.hide);
  if (!message) return null;
  return (
    <Alert
      banner
      showIcon
      type={message.level}
      title={bannerText(t, message.text)}
      onClick={hide}
      closable={{ onClose: hide, 'aria-label': t('shell.dismissMessage') }}
      style={{ cursor: 'pointer' }}
    />
  );
}
