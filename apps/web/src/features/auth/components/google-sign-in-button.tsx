import Google from '@mui/icons-material/Google';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

import { beginGoogleSignIn } from '../../../lib/auth-storage';
import { paths } from '../../../lib/paths';
import { useGetAuthProvidersQuery } from '../auth-api';

/**
 * "Continue with Google", shown only when the server offers it (GET
 * /auth/providers). A plain link: the sign-in is a full page navigation that
 * ends at /auth/success. From a household invitation link (`invitation`),
 * the tab keeps the link for /auth/success (issue 18).
 */
export function GoogleSignInButton({
  remember = false,
  invitation = null,
}: {
  remember?: boolean;
  invitation?: string | null;
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
        onClick={() => beginGoogleSignIn(invitation)}
        variant="outlined"
        size="large"
        startIcon={<Google />}
      >
        Continue with Google
      </Button>
      {invitation ? (
        <Typography
          variant="body2"
          color="text.secondary"
          sx={{ textAlign: 'center' }}
        >
          A new account made with Google joins the household at once when the
          invitation was sent to that Google address.
        </Typography>
      ) : null}
    </Stack>
  );
}
