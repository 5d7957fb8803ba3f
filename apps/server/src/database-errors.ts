/**
 * Database errors as they may be logged and answered (security.md S49,
 * issue 9 point 4). Drizzle wraps the driver's error in a `DrizzleQueryError`
 * whose message, `query` and `params` hold the statement's parameters (an
 * argon2 hash, an e-mail, a phone number…), and PostgreSQL's own error
 * carries row values in `detail` ("Key (email)=(…) already exists",
 * "Failing row contains (…)"), `where` and sometimes its message. Only the
 * SQLSTATE code and the names of the constraint, table and routine are safe.
 */

export interface DatabaseErrorSummary {
  code?: string;
  constraint?: string;
  table?: string;
  routine?: string;
}

/** PostgreSQL's SQLSTATE: five digits or capital letters. */
const SQLSTATE = /^[0-9A-Z]{5}$/;

/** How far down a chain of `cause`s to look. */
const MAX_DEPTH = 5;

/**
 * Text PostgreSQL cannot store: 22021 character_not_in_repertoire (NUL in
 * text, invalid UTF-8) and 22P05 untranslatable_character (\u0000 in jsonb).
 */
export const UNSTORABLE_TEXT_CODES: ReadonlySet<string> = new Set([
  '22021',
  '22P05',
]);

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function* chain(error: unknown): Generator<Record<string, unknown>> {
  let current: unknown = error;
  for (let depth = 0; depth < MAX_DEPTH && isObject(current); depth += 1) {
    yield current;
    current = current.cause;
  }
}

const stringField = (
  value: Record<string, unknown>,
  key: string,
): string | undefined =>
  typeof value[key] === 'string' ? (value[key] as string) : undefined;

/** PostgreSQL's error inside `error` (either driver), if there is one. */
function driverError(error: unknown): Record<string, unknown> | null {
  for (const link of chain(error)) {
    const code = stringField(link, 'code');
    if (
      code !== undefined &&
      SQLSTATE.test(code) &&
      ('severity' in link || 'routine' in link)
    ) {
      return link;
    }
  }
  return null;
}

/**
 * True for an error that comes from a query: a driver error, or a wrapper
 * that carries the statement or its parameters.
 */
export function isDatabaseError(error: unknown): boolean {
  if (driverError(error)) return true;
  for (const link of chain(error)) {
    if ('query' in link || 'params' in link || 'parameters' in link) {
      return true;
    }
  }
  return false;
}

/** The loggable fields of a database error, or null for any other error. */
export function summariseDatabaseError(
  error: unknown,
): DatabaseErrorSummary | null {
  if (!isDatabaseError(error)) return null;
  const driver = driverError(error);
  if (!driver) return {};
  const summary: DatabaseErrorSummary = {};
  for (const key of ['code', 'constraint', 'table', 'routine'] as const) {
    const value = stringField(driver, key);
    if (value !== undefined) summary[key] = value;
  }
  return summary;
}

/** The SQLSTATE of the database error inside `error`, if any. */
export function databaseErrorCode(error: unknown): string | undefined {
  const driver = driverError(error);
  return driver ? stringField(driver, 'code') : undefined;
}

/**
 * The error as the log may hold it: the summary, its type, and the stack's
 * frames without the message lines above them (which repeat the query and
 * its parameters).
 */
export function serializeDatabaseError(
  error: unknown,
): Record<string, unknown> | null {
  const summary = summariseDatabaseError(error);
  if (!summary) return null;
  const top = isObject(error) ? error : {};
  const stack = typeof top.stack === 'string' ? top.stack : '';
  const frames = stack
    .split('\n')
    .filter((line) => /^\s+at /.test(line))
    .join('\n');
  return {
    type: error instanceof Error ? error.constructor.name : typeof error,
    message: summary.code ? `database error ${summary.code}` : 'database error',
    ...summary,
    ...(frames ? { stack: frames } : {}),
  };
}
