/**
 * Where the browser keeps the tokens (spec point 3, decision 001): the access
 * token is read from localStorage, and from the `auth_token` cookie only when
 * localStorage holds none. A cookie can be planted on our origin by a sibling
 * subdomain or over plain HTTP (issue 9 point 6); localStorage cannot, so a
 * planted cookie must never override the token this browser signed in with.
 * Logout and a failed refresh call clearTokens (security S47).
 */
export const ACCESS_TOKEN_KEY = 'accessToken';
export const REFRESH_TOKEN_KEY = 'refreshToken';
export const AUTH_COOKIE = 'auth_token';
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

function readCookie(name: string): string | null {
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) {
      const value = decodeURIComponent(rest.join('='));
      return value || null;
    }
  }
  return null;
}

export function getAccessToken(): string | null {
  return (
    storage()?.getItem(ACCESS_TOKEN_KEY) || readCookie(AUTH_COOKIE) || null
  );
}

export function getRefreshToken(): string | null {
  return storage()?.getItem(REFRESH_TOKEN_KEY) ?? null;
}

function expireAuthCookie(): void {
  // A script can only expire a cookie it could read; an HttpOnly one is the
  // server's to clear.
  document.cookie = `${AUTH_COOKIE}=; Max-Age=0; path=/; SameSite=Lax`;
}

export function setTokens(tokens: {
  accessToken: string;
  refreshToken?: string | null;
}): void {
  const store = storage();
  store?.setItem(ACCESS_TOKEN_KEY, tokens.accessToken);
  if (tokens.refreshToken)
    store?.setItem(REFRESH_TOKEN_KEY, tokens.refreshToken);
  // A stale cookie would come back into use once localStorage is cleared.
  expireAuthCookie();
}

export function clearTokens(): void {
  const store = storage();
  store?.removeItem(ACCESS_TOKEN_KEY);
  store?.removeItem(REFRESH_TOKEN_KEY);
  expireAuthCookie();
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
