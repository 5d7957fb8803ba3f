import { AuthLayout } from '../../components/layouts/auth-layout';
import { ForgotPasswordForm } from '../../features/auth/components/forgot-password-form';
import type { RouteHandle } from '../route-handle';

export const handle: RouteHandle = { title: 'Forgot password' };

export function Component() {
  return (
    <AuthLayout
      title="Forgot your password?"
      subtitle="Enter the e-mail of your account and we will send you a link to choose a new one."
    >
      <ForgotPasswordForm />
    </AuthLayout>
  );
}
