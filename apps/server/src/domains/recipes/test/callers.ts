// The one signedIn of the route tests lives with the other account helpers
// (apps/server/src/test/accounts.ts); its caller carries what the recipe,
// plan and shopping tests use (id, name, headers).
export { signedIn, type Caller as TestCaller } from '../../../test/accounts.js';
