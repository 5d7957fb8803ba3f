import CloseRounded from '@mui/icons-material/CloseRounded';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { Suspense, type ReactNode } from 'react';

/**
 * The landing page's Login modal. The form itself comes from the auth
 * feature, composed by the route (features never import each other). This
 * module and the form load on demand (issue 11, landing weight).
 */
export function LoginDialog({
  open,
  onClose,
  children,
}: {
  open: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth="xs"
      sx={{ '& .MuiDialog-paper': { m: 2, width: 'calc(100% - 32px)' } }}
    >
      <DialogTitle
        sx={{ pt: 3, pb: 0.5, px: 3, fontSize: '1.5rem', fontWeight: 800 }}
      >
        Login
      </DialogTitle>
      <IconButton
        aria-label="Close"
        onClick={onClose}
        sx={{ position: 'absolute', top: 16, right: 16 }}
      >
        <CloseRounded />
      </IconButton>
      <DialogContent sx={{ px: 3, pb: 3 }}>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          Welcome back. Log in to see this week’s plan.
        </Typography>
        {/* The form's code may still be on its way (it loads on demand). */}
        <Suspense
          fallback={
            <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
              <CircularProgress aria-label="Loading the login form" />
            </Box>
          }
        >
          {children}
        </Suspense>
      </DialogContent>
    </Dialog>
  );
}
