import Link from '@mui/material/Link';

import { readSupportEmail, supportMailHref } from '../../../lib/support-email';

/**
 * The instance's support address as a mail link (issue 11: SUPPORT_EMAIL is
 * configuration), or, where the operator has set none, a plain note saying
 * so in its place.
 */
export function SupportAddress({ subject }: { subject?: string }) {
  const address = readSupportEmail();
  if (!address) {
    return (
      <strong>
        the operator’s support address (not set up yet on this instance)
      </strong>
    );
  }
  return <Link href={supportMailHref(address, subject)}>{address}</Link>;
}
