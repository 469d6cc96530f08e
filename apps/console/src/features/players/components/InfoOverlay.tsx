import { Modal } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type OverlayId, useOverlayToggle } from '../../../ui/useOverlay';

/** A read-only overlay of the shell: a title, what it shows, and one Close button (Escape and Back close it too). */
export function InfoOverlay({
  overlay,
  title,
  children,
}: {
  overlay: OverlayId;
  title: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const [open, , close] = useOverlayToggle(overlay);
  return (
    <Modal
      open={open}
      onCancel={close}
      onOk={close}
      okText={t('common.close')}
      cancelButtonProps={{ style: { display: 'none' } }}
      title={title}
      width={640}
      destroyOnHidden
    >
      {children}
    </Modal>
  );
}
