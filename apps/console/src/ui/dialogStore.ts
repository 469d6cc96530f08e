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

type DialogState = {
  request: DialogRequest | null;
  /** What held the focus when the dialog was opened (its trigger): the focus goes back there when it closes. */
  trigger: HTMLElement | null;
  set: (request: DialogRequest | null) => void;
};

export const useDialogStore = create<DialogState>()((set) => ({
  request: null,
  trigger: null,
  set: (request) => set({ request }),
}));

/** Opens the generic dialog. Cancel only hides it; OK hides it and runs `onOk`. */
export function openDialog(request: DialogRequest): void {
  const focused = document.activeElement;
  useDialogStore.setState({
    request,
    trigger: focused instanceof HTMLElement && focused !== document.body ? focused : null,
  });
  useOverlay.getState().show('dialog');
}

/**
 * Gives the focus back to the dialog's trigger once it has closed, unless it has gone somewhere already (a keyboard
 * user goes on from where they were). Ant Design does so only when it saw the focus outside the dialog as it opened;
 * without motion (prefers-reduced-motion) the OK button's autofocus comes first and the focus fell to the page.
 */
export function returnDialogFocus(): void {
  const { trigger } = useDialogStore.getState();
  useDialogStore.setState({ trigger: null });
  const focused = document.activeElement;
  if (trigger?.isConnected && (focused === null || focused === document.body)) trigger.focus({ preventScroll: true });
}

export function hideDialog() {
  useDialogStore.getState().set(null);
  useOverlay.getState().close('dialog');
}
