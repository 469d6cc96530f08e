import { lazy } from 'react';
import { useDialogStore } from './dialogStore';
import { MountWhenOpened } from './lazyOverlay';
import { useOverlay } from './useOverlay';

// The store that opens and hides the dialog lives in dialogStore.ts, which DialogModal reads too: the host and
// the modal both depend on it, not on each other.
export { type DialogKind, type DialogRequest, hideDialog, openDialog } from './dialogStore';

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
