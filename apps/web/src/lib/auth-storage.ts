/**
 * Where the browser keeps the tokens (spec point 3, decision 001): in
 * localStorage only. The spec also names an `auth_token` cookie, but the
 * server never sets one, so the only cookie of that name a browser can hold
 * is one planted on our origin by a sibling subdomain or over plain HTTP:
 * reading it would sign a signed-out browser into the planter's account
 * (docs/security.md, "A planted cookie cannot sign a browser in").
 * Logout and a failed refresh call clearTokens (security S47).
 */
export const ACCESS_TOKEN_KEY = 'accessToken';
export const REFRESH_TOKEN_KEY = 'refreshToken';
/**
 * The e-mail of the last Google sign-in on this browser (spec point 5: "if a
 * stored Google-login profile has the same e-mail: 'Please login using
 * Google!'"). Kept across logout, so that the login form can say so.
 */
export const GOOGLE_LOGIN_EMAIL_KEY = 'googleLoginEmail';

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    // Storage disabled by the browser (privacy settings): behave as signed out.
    return null;
  }
}

export function getAccessToken(): string | null {
  return storage()?.getItem(ACCESS_TOKEN_KEY) || null;
}

export function getRefreshToken(): string | null {
  return storage()?.getItem(REFRESH_TOKEN_KEY) ?? null;
}

export function setTokens(tokens: {
  accessToken: string;
  refreshToken?: string | null;
}): void {
  const store = storage();
  store?.setItem(ACCESS_TOKEN_KEY, tokens.accessToken);
  if (tokens.refreshToken)
    store?.setItem(REFRESH_TOKEN_KEY, tokens.refreshToken);
}

export function clearTokens(): void {
  const store = storage();
  store?.removeItem(ACCESS_TOKEN_KEY);
  store?.removeItem(REFRESH_TOKEN_KEY);
}

const normaliseEmail = (email: string) => email.trim().toLowerCase();

export function rememberGoogleLogin(email: string): void {
  storage()?.setItem(GOOGLE_LOGIN_EMAIL_KEY, normaliseEmail(email));
}

export function forgetGoogleLogin(): void {
  storage()?.removeItem(GOOGLE_LOGIN_EMAIL_KEY);
}

/** True when the last Google sign-in on this browser used this e-mail. */
export function isGoogleLoginEmail(email: string): boolean {
  const stored = storage()?.getItem(GOOGLE_LOGIN_EMAIL_KEY);
  return Boolean(stored) && stored === normaliseEmail(email);
}

/**
 * The one-time state of a Google sign-in this browser started (issue 16
 * point 1), in sessionStorage: the tab that clicked "Continue with Google"
 * is the tab that lands on /auth/success. Only a spec-shaped `data` address
 * carrying this state may sign the browser in; an attacker's link has none.
 */
const GOOGLE_STATE_KEY = 'googleSignInState';

function session(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/**
 * The household invitation link (issue 18) a Google sign-in was started
 * from, kept by the same tab: /auth/success sends its token along, so a
 * Google sign-up joins the household, and an existing account goes back to
 * the link. Only this page's button puts it here, never an address.
 */
const GOOGLE_INVITATION_KEY = 'googleSignInInvitation';

/** Called as the browser leaves for Google, from `invitation`'s page if any. */
export function beginGoogleSignIn(invitation: string | null = null): void {
  const store = session();
  store?.setItem(GOOGLE_STATE_KEY, crypto.randomUUID());
  if (invitation) store?.setItem(GOOGLE_INVITATION_KEY, invitation);
  else store?.removeItem(GOOGLE_INVITATION_KEY);
}

/** The invitation link the started Google sign-in came from, still kept. */
export function googleSignInInvitation(): string | null {
  return session()?.getItem(GOOGLE_INVITATION_KEY) ?? null;
}

/** Done with it: signed in, or the sign-in went another way. */
export function forgetGoogleSignInInvitation(): void {
  session()?.removeItem(GOOGLE_INVITATION_KEY);
}

/** The started sign-in's state, used up by reading it. */
export function takeGoogleSignInState(): string | null {
  const store = session();
  const state = store?.getItem(GOOGLE_STATE_KEY) ?? null;
  store?.removeItem(GOOGLE_STATE_KEY);
  return state;
}
