import Grid from '@mui/material/Grid';
import TextField from '@mui/material/TextField';

import { SectionCard } from './section-card';

/** The user's name and e-mail, read-only (spec "User Profile"). */
export function ProfileDetailsCard({
  name,
  email,
}: {
  name: string;
  email: string;
}) {
  return (
    <SectionCard
      title="Profile Information"
      summary="Your name and the e-mail address you sign in with."
    >
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField
            label="Name"
            value={name}
            slotProps={{ input: { readOnly: true } }}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField
            label="E-mail"
            value={email}
            slotProps={{ input: { readOnly: true } }}
          />
        </Grid>
      </Grid>
    </SectionCard>
  );
}
