import type { AdminUser } from '@platewise/shared';

import { useResendAdminUserInvitationMutation } from '../../admin-users-api';
import { userManagementMessages } from '../../utils/admin-messages';
import { ConfirmDialog } from '../confirm-dialog';

/**
 * Re-send invitation, for an account without a password: a new link to
 * choose one replaces the old (a lost mail, or a link that ran out).
 */
export function ResendInvitationDialog({
  user,
  onClose,
}: {
  user: AdminUser;
  onClose: () => void;
}) {
  const [resend, { isLoading }] = useResendAdminUserInvitationMutation();
  return (
    <ConfirmDialog
      title="Re-send invitation"
      description={`Send ${user.name} (${user.email}) a new link to choose a password? The link mailed before stops working.`}
      submitLabel="Send invitation"
      busyLabel="Sending…"
      busy={isLoading}
      destructive={false}
      onConfirm={async () => (await resend(user.id).unwrap()).message}
      failure={userManagementMessages.resendFailed}
      onClose={onClose}
    />
  );
}
