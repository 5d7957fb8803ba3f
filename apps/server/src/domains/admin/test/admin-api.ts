import type { LightMyRequestResponse } from 'fastify';

import type { App } from '../../../app.js';
import type { Database } from '../../../db/client.js';
import type { NewUserRow, UserRow } from '../../../db/schema/users.js';
import { bearer, login } from '../../../test/accounts.js';
import { createAdmin, createUser } from '../../../test/factories.js';

/** A logged-in account: its row, tokens and Authorization header. */
export interface Caller {
  user: UserRow;
  password: string;
  accessToken: string;
  refreshToken: string;
  headers: { authorization: string };
}

/** A user or admin from the factories, logged in through the real route. */
export async function signedIn(
  app: App,
  db: Database,
  role: 'user' | 'admin',
  overrides: Partial<Omit<NewUserRow, 'passwordHash'>> = {},
): Promise<Caller> {
  const { user, password } =
    role === 'admin'
      ? await createAdmin(db, overrides)
      : await createUser(db, overrides);
  const answer = await login(app, user.email, password);
  return {
    user,
    password,
    accessToken: answer.accessToken,
    refreshToken: answer.refreshToken,
    headers: bearer(answer.accessToken),
  };
}

type Method = 'GET' | 'POST' | 'PATCH';

/** One call of the admin API as `caller` (null: no token). */
export function adminCall(
  app: App,
  caller: Pick<Caller, 'headers'> | null,
  method: Method,
  path: string,
  payload?: object,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url: `/api/admin${path}`,
    headers: caller ? caller.headers : {},
    ...(payload === undefined ? {} : { payload }),
  });
}
