import { paths } from '../../../lib/paths';

/**
 * The household invitation link (issue 18) a visitor was sent to log in
 * from, carried in router state as `from` through login, sign-up and the
 * code entry. Only that page counts, so the state cannot send anyone
 * elsewhere.
 */
export function invitationFrom(state: unknown): string | null {
  const from =
    typeof state === 'object' && state !== null && 'from' in state
      ? state.from
      : null;
  return typeof from === 'string' &&
    from.startsWith(`${paths.household.join.path}?`)
    ? from
    : null;
}

/** The token of an invitation link from invitationFrom. */
export function invitationTokenOf(from: string | null): string | null {
  if (!from) return null;
  const query = from.slice(from.indexOf('?') + 1);
  return new URLSearchParams(query).get('token') || null;
}
