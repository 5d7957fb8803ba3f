import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';

import { dismissNotification, useNotifications } from '../lib/notifications';

/** Shows the oldest waiting notification; the next follows when it closes. */
export function NotificationsHost() {
  const [current] = useNotifications();
  if (!current) return null;
  return (
    <Snackbar
      key={current.id}
      open
      autoHideDuration={current.durationMs}
      onClose={(_event, reason) => {
        if (reason !== 'clickaway') dismissNotification(current.id);
      }}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
    >
      <Alert
        severity={current.severity}
        variant="filled"
        onClose={() => dismissNotification(current.id)}
        sx={{ width: '100%', alignItems: 'center' }}
      >
        {current.message}
      </Alert>
    </Snackbar>
  );
}
