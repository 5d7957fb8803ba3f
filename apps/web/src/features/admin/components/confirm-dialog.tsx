import type { ReactNode } from 'react';

import { AdminFormDialog } from './admin-form-dialog';
import { useDialogSubmit } from './use-dialog-submit';

/**
 * A yes/no admin dialog (delete a recipe, disable or enable a user): the
 * confirm button runs `onConfirm`, whose text is toasted on success; a
 * failure stays in the dialog and is toasted too.
 */
export function ConfirmDialog({
  title,
  description,
  submitLabel,
  busyLabel,
  busy,
  destructive,
  onConfirm,
  failure,
  onClose,
}: {
  title: string;
  description: ReactNode;
  submitLabel: string;
  busyLabel: string;
  busy: boolean;
  destructive: boolean;
  onConfirm: () => Promise<string>;
  failure: (reason: string) => string;
  onClose: () => void;
}) {
  const { serverError, submit } = useDialogSubmit(onClose);
  return (
    <AdminFormDialog
      open
      title={title}
      description={description}
      error={serverError}
      submitLabel={submitLabel}
      busyLabel={busyLabel}
      busy={busy}
      destructive={destructive}
      onSubmit={(event) => {
        event.preventDefault();
        void submit({ run: onConfirm, failure });
      }}
      onClose={onClose}
    />
  );
}
