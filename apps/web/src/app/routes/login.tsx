import { redirect } from 'react-router';

import { AuthLayout } from '../../components/layouts/auth-layout';
import { LoginForm } from '../../features/auth/components/login-form';
import { getAccessToken } from '../../lib/auth-storage';
import { paths } from '../../lib/paths';
import type { RouteHandle } from '../route-handle';

export const handle: RouteHandle = { title: 'Log in' };

/** Signed in already: straight to the dashboard (spec point 2). */
export function loader() {
  if (getAccessToken()) throw redirect(paths.user.dashboard.getHref());
  return null;
}

export function Component() {
  return (
    <AuthLayout
      title="Welcome back"
      subtitle="Log in to see this week’s plan and your shopping list."
    >
      <LoginForm />
    </AuthLayout>
  );
}
