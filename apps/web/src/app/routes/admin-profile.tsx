import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';

import { useGetAdminMeQuery } from '../../features/admin/admin-api';
import { adminProfileErrorMessage } from '../../features/admin/utils/admin-messages';
import type { RouteHandle } from '../route-handle';

export const handle: RouteHandle = { title: 'Your Profile' };

export function Component() {
  const { data, error } = useGetAdminMeQuery(undefined);
  return (
    <Stack spacing={3} sx={{ maxWidth: 720 }}>
      <Typography variant="h4" component="h1">
        Your Profile
      </Typography>
      {error ? (
        <Alert severity="error">{adminProfileErrorMessage(error)}</Alert>
      ) : null}
      <Card>
        <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField
                label="Name"
                value={data?.admin.firstName ?? ''}
                slotProps={{ input: { readOnly: true } }}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField
                label="E-mail"
                value={data?.admin.email ?? ''}
                slotProps={{ input: { readOnly: true } }}
              />
            </Grid>
          </Grid>
        </CardContent>
      </Card>
    </Stack>
  );
}
