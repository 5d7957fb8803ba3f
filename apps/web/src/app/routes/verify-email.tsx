import { useLocation, useSearchParams } from 'react-router';

import { AuthLayout } from '../../components/layouts/auth-layout';
import { VerifyEmailForm } from '../../features/auth/components/verify-email-form';
import { invitationFrom } from '../../features/auth/utils/invitation-return';
import type { RouteHandle } from '../route-handle';

export const handle: RouteHandle = { title: 'Verify your e-mail' };

/** The sign-up passes the e-mail in router state and in `?email=`. */
function emailFromState(state: unknown): string | null {
  if (typeof state === 'object' && state !== null && 'email' in state) {
    const { email } = state as { email: unknown };
    if (typeof email === 'string' && email) return email;
  }
  return null;
}

export function Component() {
  const { state } = useLocation();
  const [params] = useSearchParams();
  const email = emailFromState(state) ?? (params.get('email') || null);
  // The household invitation link the sign-up started from (issue 18).
  const invitation = invitationFrom(state);
  return (
    <AuthLayout
      title="Verify your e-mail"
      subtitle="One step left: confirm that this address is yours."
    >
      {/* A new address starts a new form, timer included. */}
      <VerifyEmailForm
        key={email ?? ''}
        email={email}
        invitation={invitation}
      />
    </AuthLayout>
  );
}
