import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { hideDialog, returnDialogFocus, useDialogStore, WITHOUT_CANCEL } from './dialogStore';
import { useOverlay } from './useOverlay';

/** The open dialog of the shell's DialogHost (dialog.tsx): `open` is its visibility there. */
export function DialogModal({ open: visible }: { open: boolean }) {
  const { t } = useTranslation();
  const request = useDialogStore((state) => state.request);
  const cancellable = request ? !WITHOUT_CANCEL.includes(request.kind) : true;

  return (
    <Modal
      open={visible}
      title={request?.title}
      okText={request?.okText ?? t('common.ok')}
      cancelText={t('common.cancel')}
      okButtonProps={{ danger: request?.danger, autoFocus: true }}
      cancelButtonProps={cancellable ? undefined : { style: { display: 'none' } }}
      closable={cancellable}
      mask={{ closable: cancellable }}
      keyboard={cancellable}
      onCancel={hideDialog}
      onOk={() => {
        const action = request?.onOk;
        hideDialog();
        action?.();
      }}
      afterClose={() => {
        if (!useOverlay.getState().open) useDialogStore.getState().set(null);
        returnDialogFocus();
      }}
      data-dialog-kind={request?.kind}
      // Above the search drawers (z-index 1000) whose tag choosers open it.
      zIndex={1100}
      destroyOnHidden
    >
      {request?.content}
    </Modal>
  );
}
