import { AuthLayout } from '../../components/layouts/auth-layout';
import { AdminLoginForm } from '../../features/admin/components/admin-login-form';
import { RedirectSignedInAdmin } from '../../features/admin/components/redirect-signed-in-admin';
import type { RouteHandle } from '../route-handle';

export const handle: RouteHandle = { title: 'Admin login' };

export function Component() {
  return (
    <RedirectSignedInAdmin>
      <AuthLayout
        title="Admin login"
        subtitle="Manage users and the recipe catalogue."
      >
        <AdminLoginForm />
      </AuthLayout>
    </RedirectSignedInAdmin>
  );
}
