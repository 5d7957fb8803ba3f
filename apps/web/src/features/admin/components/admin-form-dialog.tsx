import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId, type FormEventHandler, type ReactNode } from 'react';

/**
 * The frame of the admin dialogs: a titled dialog around a form, an error
 * alert above the fields, Cancel and the submit button. Full screen on
 * phones, so the keyboard leaves room for the fields.
 */
export function AdminFormDialog({
  open,
  title,
  description,
  error,
  submitLabel,
  busyLabel,
  busy,
  destructive = false,
  maxWidth = 'sm',
  onSubmit,
  onClose,
  children,
}: {
  open: boolean;
  title: string;
  description?: ReactNode;
  error?: string | null;
  submitLabel: string;
  busyLabel: string;
  busy: boolean;
  destructive?: boolean;
  /** Wider for long forms (the recipe forms); 'sm' by default. */
  maxWidth?: 'sm' | 'md';
  onSubmit: FormEventHandler<HTMLFormElement>;
  onClose: () => void;
  children?: ReactNode;
}) {
  const titleId = useId();
  const descriptionId = useId();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      fullWidth
      maxWidth={maxWidth}
      // Forms fill a phone's screen; a bare confirmation stays a dialog.
      fullScreen={phone && Boolean(children)}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <Box component="form" noValidate onSubmit={onSubmit}>
        <DialogContent sx={{ display: 'grid', gap: 2.5, pt: 1 }}>
          {description ? (
            <Box id={descriptionId} sx={{ color: 'text.secondary' }}>
              {description}
            </Box>
          ) : null}
          {error ? (
            <Alert severity="error" role="alert">
              {error}
            </Alert>
          ) : null}
          {children}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5, gap: 1 }}>
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button
            type="submit"
            variant="contained"
            color={destructive ? 'error' : 'primary'}
            disabled={busy}
            aria-busy={busy}
          >
            {busy ? busyLabel : submitLabel}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
