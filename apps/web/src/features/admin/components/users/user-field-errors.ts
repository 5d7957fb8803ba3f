import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';

import { isApiQueryError } from '../../../../lib/api';

/**
 * Puts the server's refusals under the fields of the Add User and Edit User
 * forms: each issue on one of `fields`, and a taken e-mail (409) under the
 * e-mail field.
 */
export function setUserFieldErrors<T extends FieldValues & { email: unknown }>(
  error: unknown,
  fields: readonly Path<T>[],
  setError: UseFormSetError<T>,
): void {
  if (!isApiQueryError(error)) return;
  for (const issue of error.issues ?? []) {
    const field = fields.find((name) => name === issue.path);
    if (field) setError(field, { message: issue.message });
  }
  if (error.status === 409) {
    setError('email' as Path<T>, { message: error.error });
  }
}
