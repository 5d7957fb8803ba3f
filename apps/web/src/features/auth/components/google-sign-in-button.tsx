import Google from '@mui/icons-material/Google';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';

import { beginGoogleSignIn } from '../../../lib/auth-storage';
import { paths } from '../../../lib/paths';
import { useGetAuthProvidersQuery } from '../auth-api';

/**
 * "Continue with Google", shown only when the server offers it (GET
 * /auth/providers). A plain link: the sign-in is a full page navigation that
 * ends at /auth/success.
 */
export function GoogleSignInButton({
  remember = false,
}: {
  remember?: boolean;
}) {
  const { data } = useGetAuthProvidersQuery(undefined);
  if (!data?.google) return null;
  return (
    <Stack spacing={2}>
      <Divider sx={{ color: 'text.secondary', typography: 'body2' }}>
        or
      </Divider>
      <Button
        href={paths.external.googleAuth(remember)}
        onClick={beginGoogleSignIn}
        variant="outlined"
        size="large"
        startIcon={<Google />}
      >
        Continue with Google
      </Button>
    </Stack>
  );
}
