import Box from '@mui/material/Box';
import {
  redirect,
  useSearchParams,
  type LoaderFunctionArgs,
} from 'react-router';

import { AuthLayout } from '../../components/layouts/auth-layout';
import { ResetPasswordForm } from '../../features/auth/components/reset-password-form';
import { paths } from '../../lib/paths';
import type { RouteHandle } from '../route-handle';

export const handle: RouteHandle = { title: 'Reset password' };

/** A reset link carries both e-mail and token; without them, start over. */
export function loader({ request }: LoaderFunctionArgs) {
  const query = new URL(request.url).searchParams;
  if (!query.get('email') || !query.get('token')) {
    throw redirect(paths.forgotPasswordAlias.getHref());
  }
  return null;
}

export function Component() {
  const [params] = useSearchParams();
  const email = params.get('email') ?? '';
  const token = params.get('token') ?? '';
  return (
    <AuthLayout
      title="Choose a new password"
      subtitle={
        <>
          For{' '}
          <Box
            component="strong"
            sx={{ color: 'text.primary', overflowWrap: 'anywhere' }}
          >
            {email}
          </Box>
          . At least 8 characters, with upper and lower case, a number and a
          special character (@$!%*?&).
        </>
      }
    >
      <ResetPasswordForm
        key={`${email}\n${token}`}
        email={email}
        token={token}
      />
    </AuthLayout>
  );
}
