import type { Role } from '@platewise/shared';

export const ROLE_LABELS: Record<Role, string> = {
  admin: 'Admin',
  user: 'User',
};

/** In the spec's order: Admin, then User. */
export const ROLE_OPTIONS: { value: Role; label: string }[] = [
  { value: 'admin', label: ROLE_LABELS.admin },
  { value: 'user', label: ROLE_LABELS.user },
];
