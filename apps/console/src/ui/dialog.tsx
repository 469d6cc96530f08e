import { Modal } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { create } from 'zustand';
import { useOverlay } from '../app/shell/useOverlay';

/** The dialog kinds of SPEC.md section 2. */
export type DialogKind =
  | 'contentRegister'
  | 'contentDelete'
  | 'playerDelete'
  | 'playerDetailsDelete'
  | 'scheduleUpdate'
  | 'scheduleSetting'
  | 'scheduleDelete'
  | 'newDeviceRegister'
  | 'deviceTag'
  | 'deviceSearchDeviceTag'
  | 'deviceSearchDeviceExludeTag'
  | 'deviceDetailDeviceTag'
  | 'settingDelete'
  | 'settingRegister';

/** Kinds that only inform: OK is the only way out (no Cancel, no close icon, no click outside). */
const WITHOUT_CANCEL: readonly DialogKind[] = ['contentRegister'];

export type DialogRequest = {
  kind: DialogKind;
  title: ReactNode;
  content?: ReactNode;
  okText?: ReactNode;
  /** Red OK button, for destructive actions. */
  danger?: boolean;
  /** Runs after the dialog is hidden (SPEC.md: OK hides the dialog and runs the action). */
  onOk?: () => void;
};

type DialogState = { request: DialogRequest | null; set: (request: DialogRequest | null) => void };

const useDialogStore = create<DialogState>()((set) => ({ request: null, set: (request) => set({ request }) }));

/** Opens the generic dialog. Cancel only hides it; OK hides it and runs `onOk`. */
export function openDialog(request: DialogRequest): void {
  useDialogStore.getState().set(request);
  useOverlay.getState().show('dialog');
}

function hide() {
  useDialogStore.getState().set(null);
  useOverlay.getState().close('dialog');
}

/** Renders the open dialog; mounted once in the shell. Back navigation closes it like any overlay. */
export function DialogHost() {
  const { t } = useTranslation();
  const request = useDialogStore((state) => state.request);
  const visible = useOverlay((state) => state.open === 'dialog') && request !== null;
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
      onCancel={hide}
      onOk={() => {
        const action = request?.onOk;
        hide();
        action?.();
      }}
      afterClose={() => {
        if (!useOverlay.getState().open) useDialogStore.getState().set(null);
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
