import { lazy, type ReactNode } from 'react';
import { create } from 'zustand';
import { useOverlay } from '../app/shell/useOverlay';
import { MountWhenOpened } from './lazyOverlay';

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
export const WITHOUT_CANCEL: readonly DialogKind[] = ['contentRegister'];

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

export const useDialogStore = create<DialogState>()((set) => ({ request: null, set: (request) => set({ request }) }));

/** Opens the generic dialog. Cancel only hides it; OK hides it and runs `onOk`. */
export function openDialog(request: DialogRequest): void {
  useDialogStore.getState().set(request);
  useOverlay.getState().show('dialog');
}

export function hideDialog() {
  useDialogStore.getState().set(null);
  useOverlay.getState().close('dialog');
}

/** The dialog itself (Ant Design's Modal), loaded the first time a dialog opens. */
const DialogModal = lazy(async () => ({ default: (await import('./DialogModal')).DialogModal }));

/** Renders the open dialog; mounted once in the shell. Back navigation closes it like any overlay. */
export function DialogHost() {
  const request = useDialogStore((state) => state.request);
  const visible = useOverlay((state) => state.open === 'dialog') && request !== null;
  return (
    <MountWhenOpened open={visible}>
      <DialogModal open={visible} />
    </MountWhenOpened>
  );
}
