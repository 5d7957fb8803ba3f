import type { App } from '../../../app.js';
import type { Database } from '../../../db/client.js';
import { bearer, login } from '../../../test/accounts.js';
import {
  createAdmin,
  createUser,
  DEFAULT_PASSWORD,
} from '../../../test/factories.js';

export interface TestCaller {
  id: string;
  /** As a recipe's created_by shows it. */
  name: string;
  token: string;
  headers: { authorization: string };
}

/** A user or admin row from the factories, logged in through the real route. */
export async function signedIn(
  app: App,
  db: Database,
  role: 'user' | 'admin',
): Promise<TestCaller> {
  const { user, password } =
    role === 'admin' ? await createAdmin(db) : await createUser(db);
  const answer = await login(app, user.email, password ?? DEFAULT_PASSWORD);
  return {
    id: user.id,
    name: [user.firstName, user.lastName].filter(Boolean).join(' '),
    token: answer.accessToken,
    headers: bearer(answer.accessToken),
  };
}
