import { MESSAGES, type TContent } from '@signage/domain';
import { Alert, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorMessageOf } from '../../../lib/api';
import { useOverlayToggle } from '../../../ui/useOverlay';
import '../../../i18n/live';
import { useRotateStreamKey } from '../api';
import { translateServerMessage } from '../messages';
import { LiveKeys } from './LiveKeys';

/**
 * 'Issue new key' (overlay 'streamKeyRotate'): asks first, saying the running broadcast stops and the encoder needs
 * the new key; then shows the new key with Copy. A refusal is shown in the dialog, which stays open to try again.
 */
export function RotateKeyDialog({ content }: { content: Pick<TContent, 'key' | 'content_id'> }) {
  const { t } = useTranslation();
  const [open, , close] = useOverlayToggle('streamKeyRotate');
  const rotate = useRotateStreamKey(content);
  const issued = rotate.data;

  return (
    <Modal
      open={open}
      title={issued ? t('live.keys.issuedTitle') : t('live.keys.confirmTitle')}
      okText={issued ? t('common.ok') : t('live.keys.issue')}
      cancelText={t('common.cancel')}
      okButtonProps={{ danger: !issued }}
      cancelButtonProps={issued ? { style: { display: 'none' } } : undefined}
      confirmLoading={rotate.isPending}
      onOk={() => (issued ? close() : rotate.mutate())}
      onCancel={close}
      afterClose={() => rotate.reset()}
      data-dialog-kind="streamKeyRotate"
      destroyOnHidden
    >
      {issued ? (
        <>
          <Typography.Paragraph>{t('live.keys.issuedText')}</Typography.Paragraph>
          <LiveKeys rtmpUrl={issued.rtmp_url} streamKey={issued.stream_key} />
        </>
      ) : (
        <>
          <Typography.Paragraph>{t('live.keys.confirmText')}</Typography.Paragraph>
          {rotate.isError ? (
            <Alert
              type="error"
              showIcon
              title={t('live.keys.failed')}
              description={translateServerMessage(t, errorMessageOf(rotate.error, MESSAGES.unexpectedError))}
            />
          ) : null}
        </>
      )}
    </Modal>
  );
}
