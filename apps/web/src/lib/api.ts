/**
 * The one RTK Query API of the web app (style guide: "Server data lives only
 * in RTK Query"). Features add endpoints with `api.injectEndpoints`.
 */
import {
  API_BASE_PATH,
  ApiErrorSchema,
  AUTH_TOAST_MS,
  authMessages,
  RefreshResponseSchema,
  type ApiError,
} from '@platewise/shared';
import {
  createApi,
  fetchBaseQuery,
  type BaseQueryApi,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
} from '@reduxjs/toolkit/query/react';

import { getAccessToken, getRefreshToken, setTokens } from './auth-storage';
import { currentPathname, navigateTo } from './navigation';
import { notify } from './notifications';
import { paths } from './paths';
import { endSession } from './session-actions';

/** An HTTP status, or what went wrong before an answer arrived. */
export type ApiErrorStatus =
  number | 'FETCH_ERROR' | 'TIMEOUT_ERROR' | 'INVALID_RESPONSE';

/** Every failed call, normalised to the API's error body plus its status. */
export interface ApiQueryError extends ApiError {
  status: ApiErrorStatus;
  /** True when `error` is our own wording because the answer had no text. */
  synthetic?: boolean;
}

/** Declared once, here (style guide). */
export const TAG_TYPES = [
  'CurrentUser',
  'Admin',
  'AdminUsers',
  'AdminAudit',
  'AdminSettings',
  'Recipes',
  'Preferences',
  'MealPlan',
  'ShoppingList',
  'Kitchen',
  'Allergens',
  'Sessions',
  'CalendarFeed',
  'Household',
] as const;

const rawBaseQuery = fetchBaseQuery({
  // Absolute, so that fetch's Request accepts it in every environment.
  baseUrl: new URL(API_BASE_PATH, window.location.origin).href,
  prepareHeaders: (headers, { extraOptions }) => {
    const anonymous = (extraOptions as ApiExtraOptions | undefined)?.anonymous;
    const token = anonymous ? null : getAccessToken();
    if (token && !headers.has('Authorization')) {
      headers.set('Authorization', `Bearer ${token}`);
    }
    if (!headers.has('Accept')) headers.set('Accept', 'application/json');
    return headers;
  },
});

/**
 * The server's own text when it sent one, else the caller's fallback (spec
 * point 8: "server error text or '…'").
 */
export function serverTextOr(error: ApiQueryError, fallback: string): string {
  return error.synthetic || !error.error ? fallback : error.error;
}

/**
 * What to tell the user when a change failed: the server's own words for a
 * refusal it explains (a 4xx: a rule broken, or a rate limit and how long to
 * wait; a 503: busy), else the caller's text (no answer, a server fault).
 */
export function failureText(error: unknown, fallback: string): string {
  if (!isApiQueryError(error)) return fallback;
  const explained =
    error.status === 503 ||
    (typeof error.status === 'number' && error.status < 500);
  return explained ? serverTextOr(error, fallback) : fallback;
}

export function isApiQueryError(value: unknown): value is ApiQueryError {
  return (
    typeof value === 'object' &&
    value !== null &&
    'status' in value &&
    'error' in value &&
    typeof (value as { error: unknown }).error === 'string'
  );
}

/** No answer came: the network is down, or the request timed out. */
export function isUnreachable(value: unknown): boolean {
  return (
    isApiQueryError(value) &&
    (value.status === 'FETCH_ERROR' || value.status === 'TIMEOUT_ERROR')
  );
}

export function normaliseError(error: FetchBaseQueryError): ApiQueryError {
  if (typeof error.status === 'number') {
    const parsed = ApiErrorSchema.safeParse(error.data);
    if (parsed.success) return { ...parsed.data, status: error.status };
    const data = error.data as { message?: unknown } | undefined;
    if (typeof data?.message === 'string') {
      return { status: error.status, error: data.message };
    }
    return {
      status: error.status,
      error: `Request failed with status ${error.status}`,
      synthetic: true,
    };
  }
  switch (error.status) {
    case 'PARSING_ERROR':
      // A non-JSON answer (a proxy's HTML error page, say): keep its status.
      return {
        status: error.originalStatus,
        error: `Request failed with status ${error.originalStatus}`,
        synthetic: true,
      };
    case 'FETCH_ERROR':
    case 'TIMEOUT_ERROR':
      return { status: error.status, error: error.error, synthetic: true };
    case 'CUSTOM_ERROR':
      return {
        status: 'INVALID_RESPONSE',
        error: error.error,
        synthetic: true,
      };
  }
}

/** Per-endpoint options of the base query (`extraOptions`). */
export interface ApiExtraOptions {
  /**
   * A public account call (login, sign-up, verification, password reset,
   * refresh): sent without the bearer token, and a 401 is its own answer.
   */
  anonymous?: boolean;
  /** A 401 is passed through without a refresh (logout). */
  skipRefresh?: boolean;
  /**
   * The call checks the user's password (password change, account deletion),
   * and its 401 means a wrong one, which the server counts toward the lockout
   * (security S11, S26). So the call is never retried on a 401; instead an
   * access token about to expire is refreshed before it is sent.
   */
  reauthenticates?: boolean;
}

export type ApiBaseQuery = BaseQueryFn<
  string | FetchArgs,
  unknown,
  ApiQueryError,
  ApiExtraOptions
>;

const baseQuery: ApiBaseQuery = async (args, api, extraOptions) => {
  const result = await rawBaseQuery(args, api, extraOptions);
  if (result.error) {
    return { error: normaliseError(result.error), meta: result.meta };
  }
  return result;
};

/** The Web Locks name that serialises refreshes across the tabs of a browser. */
export const TOKEN_REFRESH_LOCK = 'platewise-token-refresh';

/**
 * - `refreshed`: new tokens are stored (by us or by another tab);
 * - `rejected`: the server refused the refresh token, or there is none;
 * - `unreachable`: no answer (network, time-out, 5xx): the session is kept
 *   and the request fails as it did, so a flaky connection signs nobody out.
 */
type RefreshOutcome = 'refreshed' | 'rejected' | 'unreachable';

/** The one refresh in flight in this tab; every 401 meanwhile waits for it. */
let refreshInFlight: Promise<RefreshOutcome> | null = null;

function withRefreshLock(
  run: () => Promise<RefreshOutcome>,
): Promise<RefreshOutcome> {
  // Absent in old browsers and in the tests' DOM (happy-dom's is null): this
  // tab's single flight still holds.
  const locks = (
    navigator as Navigator & { locks?: Partial<LockManager> | undefined }
  ).locks;
  if (typeof locks?.request !== 'function') return run();
  return locks.request(TOKEN_REFRESH_LOCK, run);
}

async function requestNewTokens(
  inner: ApiBaseQuery,
  api: BaseQueryApi,
  failedRefreshToken: string | null,
): Promise<RefreshOutcome> {
  const stored = getRefreshToken();
  // Another tab refreshed while we waited for the lock: its tokens are in
  // localStorage already, and presenting ours again would look like reuse.
  if (stored && stored !== failedRefreshToken) return 'refreshed';
  if (!stored) return 'rejected';
  const result = await inner(
    {
      url: 'users/refresh-token',
      method: 'POST',
      body: { refreshToken: stored },
    },
    // Not tied to the signal of the request that happened to start it.
    { ...api, signal: new AbortController().signal },
    { anonymous: true },
  );
  if (result.error) {
    const { status } = result.error;
    return typeof status === 'number' && status >= 400 && status < 500
      ? 'rejected'
      : 'unreachable';
  }
  const parsed = RefreshResponseSchema.safeParse(result.data);
  if (!parsed.success) return 'rejected';
  setTokens(parsed.data.data);
  return 'refreshed';
}

/**
 * The refresh-token rotation's client side (spec points 4 and 7, security
 * S21 and S47): one refresh at a time, serialised across tabs; if it is
 * refused, the session ends and the browser goes to the login of its area.
 */
function refreshSession(
  inner: ApiBaseQuery,
  api: BaseQueryApi,
): Promise<RefreshOutcome> {
  if (refreshInFlight) return refreshInFlight;
  const failedRefreshToken = getRefreshToken();
  refreshInFlight = withRefreshLock(() =>
    requestNewTokens(inner, api, failedRefreshToken),
  )
    .catch((): RefreshOutcome => 'unreachable')
    .then((outcome) => {
      if (outcome === 'rejected') {
        const adminArea = currentPathname().startsWith(
          paths.admin.login.getHref(),
        );
        endSession(api.dispatch);
        notify(authMessages.adminSessionExpired, {
          severity: 'warning',
          durationMs: AUTH_TOAST_MS,
        });
        navigateTo(
          adminArea ? paths.admin.login.getHref() : paths.login.getHref(),
        );
      }
      return outcome;
    })
    .finally(() => {
      refreshInFlight = null;
    });
  return refreshInFlight;
}

/** Refresh before a password-checking call when less than this is left. */
export const TOKEN_EXPIRY_MARGIN_MS = 60_000;

/** Milliseconds until the access token's `exp`, or null when it is no JWT. */
export function accessTokenLifetimeLeft(token: string): number | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const claims: unknown = JSON.parse(atob(base64));
    if (typeof claims !== 'object' || claims === null) return null;
    const { exp } = claims as { exp?: unknown };
    return typeof exp === 'number' ? exp * 1000 - Date.now() : null;
  } catch {
    return null;
  }
}

/** Forgets a refresh in flight: a test's clean slate. */
export function resetTokenRefresh(): void {
  refreshInFlight = null;
}

/**
 * The 401 handling of spec point 7, around any base query. A request sent
 * with an access token that answers 401 waits for the single refresh (its
 * own or one already running), then is retried once with the new token; a
 * second 401 is the caller's to show. Requests that start while a refresh
 * runs wait for it before they are sent. Password-checking calls
 * (`reauthenticates`) refresh an expiring token first and are never retried.
 */
export function withTokenRefresh(inner: ApiBaseQuery): ApiBaseQuery {
  return async (args, api, extraOptions) => {
    const anonymous = extraOptions?.anonymous === true;
    if (refreshInFlight && !anonymous) await refreshInFlight;
    if (extraOptions?.reauthenticates && !refreshInFlight) {
      const token = getAccessToken();
      const left = token === null ? null : accessTokenLifetimeLeft(token);
      if (left !== null && left < TOKEN_EXPIRY_MARGIN_MS) {
        await refreshSession(inner, api);
      }
    }
    const sentWith = anonymous ? null : getAccessToken();
    const result = await inner(args, api, extraOptions);
    if (
      result.error?.status !== 401 ||
      sentWith === null ||
      extraOptions?.skipRefresh ||
      extraOptions?.reauthenticates
    ) {
      return result;
    }
    // Sent before a refresh that has finished since: just try again.
    const latest = getAccessToken();
    if (latest !== null && latest !== sentWith) {
      return inner(args, api, extraOptions);
    }
    const outcome = await refreshSession(inner, api);
    return outcome === 'refreshed' ? inner(args, api, extraOptions) : result;
  };
}

export const api = createApi({
  reducerPath: 'api',
  baseQuery: withTokenRefresh(baseQuery),
  tagTypes: TAG_TYPES,
  // A body that does not match the endpoint's responseSchema is an error the
  // screens can show, not a crash.
  catchSchemaFailure: (error): ApiQueryError => ({
    status: 'INVALID_RESPONSE',
    error: `${error.schemaName} failed validation`,
    synthetic: true,
  }),
  endpoints: () => ({}),
});
