import { AuthLayout } from '../../components/layouts/auth-layout';
import { SignupForm } from '../../features/auth/components/signup-form';
import type { RouteHandle } from '../route-handle';

export const handle: RouteHandle = { title: 'Sign up' };

export function Component() {
  return (
    <AuthLayout
      title="Create your account"
      subtitle="Plan your first week in a couple of minutes."
      maxWidth={520}
    >
      <SignupForm />
    </AuthLayout>
  );
}
