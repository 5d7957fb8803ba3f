import type { LightMyRequestResponse } from 'fastify';

import type { App } from '../../../app.js';
import type { Caller } from '../../../test/accounts.js';

// The one signedIn of the route tests lives with the other account helpers.
export { signedIn, type Caller } from '../../../test/accounts.js';

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
