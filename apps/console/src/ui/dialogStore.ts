import type { ReactNode } from 'react';
import { create } from 'zustand';
import { useOverlay } from './useOverlay';

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
