import { configureStore } from '@reduxjs/toolkit';
import { delay, http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { server } from '../testing/msw/server';
import { accessTokenLifetimeLeft, api, type ApiQueryError } from './api';
import { registerNavigator } from './navigation';
import { sessionEnded } from './session-actions';

const testApi = api.injectEndpoints({
  endpoints: (build) => ({
    echo: build.mutation<unknown, { value: number }>({
      query: (body) => ({ url: 'echo', method: 'POST', body }),
    }),
  }),
});

function makeStore() {
  return configureStore({
    reducer: { [api.reducerPath]: api.reducer },
    middleware: (gDM) => gDM().concat(api.middleware),
  });
}

async function callEcho() {
  const store = makeStore();
  const result = await store.dispatch(
    testApi.endpoints.echo.initiate({ value: 1 }),
  );
  return result;
}

describe('api base query', () => {
  it('sends JSON with the bearer token when one is stored', async () => {
    localStorage.setItem('accessToken', 'tok');
    let seen: Request | undefined;
    server.use(
      http.post('*/api/echo', ({ request }) => {
        seen = request.clone();
        return HttpResponse.json({ ok: true });
      }),
    );
    const result = await callEcho();
    expect(result.data).toEqual({ ok: true });
    expect(seen?.headers.get('Authorization')).toBe('Bearer tok');
    expect(seen?.headers.get('Content-Type')).toMatch(/application\/json/);
    expect(await seen?.json()).toEqual({ value: 1 });
  });

  it('sends the stored token, not an auth_token cookie planted on the origin', async () => {
    localStorage.setItem('accessToken', 'tok');
    document.cookie = 'auth_token=planted; path=/';
    let auth: string | null = null;
    server.use(
      http.post('*/api/echo', ({ request }) => {
        auth = request.headers.get('Authorization');
        return HttpResponse.json({ ok: true });
      }),
    );
    await callEcho();
    expect(auth).toBe('Bearer tok');
  });

  it('sends no Authorization header without a token', async () => {
    let auth: string | null = 'unset';
    server.use(
      http.post('*/api/echo', ({ request }) => {
        auth = request.headers.get('Authorization');
        return HttpResponse.json({});
      }),
    );
    await callEcho();
    expect(auth).toBeNull();
  });

  it('normalises an API error body', async () => {
    server.use(
      http.post('*/api/echo', () =>
        HttpResponse.json(
          {
            error: 'Invalid input',
            code: 'VALIDATION_FAILED',
            issues: [{ path: 'value', message: 'Too small' }],
          },
          { status: 400 },
        ),
      ),
    );
    const { error } = await callEcho();
    expect(error).toEqual<ApiQueryError>({
      status: 400,
      error: 'Invalid input',
      code: 'VALIDATION_FAILED',
      issues: [{ path: 'value', message: 'Too small' }],
    });
  });

  it('keeps the status of a non-JSON answer', async () => {
    server.use(
      http.post(
        '*/api/echo',
        () => new HttpResponse('<html>', { status: 502 }),
      ),
    );
    const { error } = await callEcho();
    expect(error).toMatchObject({ status: 502, synthetic: true });
  });

  it('reports a network failure', async () => {
    server.use(http.post('*/api/echo', () => HttpResponse.error()));
    const { error } = await callEcho();
    expect(error).toMatchObject({ status: 'FETCH_ERROR', synthetic: true });
  });
});

describe('token refresh (spec point 7)', () => {
  const unauthorized = () =>
    HttpResponse.json(
      { error: 'Unauthorized', code: 'UNAUTHORIZED' },
      { status: 401 },
    );

  function recordingStore() {
    const actions: string[] = [];
    const store = configureStore({
      reducer: {
        [api.reducerPath]: api.reducer,
        log: (state: null = null, action: { type: string }) => {
          actions.push(action.type);
          return state;
        },
      },
      middleware: (gDM) => gDM().concat(api.middleware),
    });
    return { store, actions };
  }

  function fakeNavigation(pathname = '/user/dashboard') {
    const navigate = vi.fn<(to: string) => void>();
    const unregister = registerNavigator({
      navigate,
      pathname: () => pathname,
    });
    return { navigate, unregister };
  }

  /** Echo answers 200 only to `Bearer <accepted>`; records every attempt. */
  function echoAccepting(accepted: string) {
    const attempts: Array<{ value: number; auth: string | null }> = [];
    server.use(
      http.post('*/api/echo', async ({ request }) => {
        const { value } = (await request.json()) as { value: number };
        const auth = request.headers.get('Authorization');
        attempts.push({ value, auth });
        return auth === `Bearer ${accepted}`
          ? HttpResponse.json({ value })
          : unauthorized();
      }),
    );
    return attempts;
  }

  function refreshAnswering(
    answer: () => Response | Promise<Response>,
    waitMs = 30,
  ) {
    const calls: Array<{ body: unknown; auth: string | null }> = [];
    server.use(
      http.post('*/api/users/refresh-token', async ({ request }) => {
        calls.push({
          body: await request.json(),
          auth: request.headers.get('Authorization'),
        });
        await delay(waitMs);
        return answer();
      }),
    );
    return calls;
  }

  const newPair = () =>
    HttpResponse.json({
      data: { accessToken: 'access-new', refreshToken: 'refresh-new' },
    });

  let navigation: ReturnType<typeof fakeNavigation>;
  beforeEach(() => {
    localStorage.setItem('accessToken', 'access-old');
    localStorage.setItem('refreshToken', 'refresh-old');
    navigation = fakeNavigation();
  });
  afterEach(() => {
    navigation.unregister();
    Reflect.deleteProperty(navigator, 'locks');
  });

  it('refreshes once for 20 concurrent 401s, then retries all 20', async () => {
    const attempts = echoAccepting('access-new');
    const refreshes = refreshAnswering(newPair);
    const { store } = recordingStore();

    const results = await Promise.all(
      Array.from({ length: 20 }, (_, value) =>
        store.dispatch(testApi.endpoints.echo.initiate({ value })),
      ),
    );

    expect(refreshes).toEqual([
      { body: { refreshToken: 'refresh-old' }, auth: null },
    ]);
    results.forEach((result, value) => {
      expect(result.error).toBeUndefined();
      expect(result.data).toEqual({ value });
    });
    const byToken = (auth: string) =>
      attempts
        .filter((attempt) => attempt.auth === auth)
        .map((attempt) => attempt.value)
        .sort((a, b) => a - b);
    const all = Array.from({ length: 20 }, (_, value) => value);
    expect(byToken('Bearer access-old')).toEqual(all);
    expect(byToken('Bearer access-new')).toEqual(all);
    expect(attempts).toHaveLength(40);
    expect(localStorage.getItem('accessToken')).toBe('access-new');
    expect(localStorage.getItem('refreshToken')).toBe('refresh-new');
    expect(navigation.navigate).not.toHaveBeenCalled();
  });

  it('holds back a request that starts while the refresh runs', async () => {
    const attempts = echoAccepting('access-new');
    const refreshes = refreshAnswering(newPair, 80);
    const { store } = recordingStore();

    const first = store.dispatch(testApi.endpoints.echo.initiate({ value: 1 }));
    await vi.waitFor(() => expect(refreshes).toHaveLength(1));
    const second = store.dispatch(
      testApi.endpoints.echo.initiate({ value: 2 }),
    );

    expect((await first).data).toEqual({ value: 1 });
    expect((await second).data).toEqual({ value: 2 });
    expect(attempts.filter((attempt) => attempt.value === 2)).toEqual([
      { value: 2, auth: 'Bearer access-new' },
    ]);
    expect(refreshes).toHaveLength(1);
  });

  it('when the refresh is refused, every request fails, storage is cleared and the browser goes to /login', async () => {
    const attempts = echoAccepting('never');
    const refreshes = refreshAnswering(() =>
      HttpResponse.json(
        { error: 'Invalid refresh token', code: 'INVALID_GRANT' },
        { status: 401 },
      ),
    );
    const { store, actions } = recordingStore();

    const results = await Promise.all(
      Array.from({ length: 5 }, (_, value) =>
        store.dispatch(testApi.endpoints.echo.initiate({ value })),
      ),
    );

    expect(refreshes).toHaveLength(1);
    for (const result of results) {
      expect(result.error).toMatchObject({ status: 401 });
    }
    // Not retried: there was no new token to retry with.
    expect(attempts).toHaveLength(5);
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(localStorage.getItem('refreshToken')).toBeNull();
    expect(actions.filter((type) => type === sessionEnded.type)).toHaveLength(
      1,
    );
    expect(navigation.navigate).toHaveBeenCalledTimes(1);
    expect(navigation.navigate).toHaveBeenCalledWith('/login');
  });

  it('in the admin area a refused refresh goes to /admin', async () => {
    navigation.unregister();
    navigation = fakeNavigation('/admin/users');
    echoAccepting('never');
    refreshAnswering(() => unauthorized());
    const { store } = recordingStore();

    await store.dispatch(testApi.endpoints.echo.initiate({ value: 1 }));

    expect(navigation.navigate).toHaveBeenCalledWith('/admin');
    expect(localStorage.getItem('accessToken')).toBeNull();
  });

  it('without a refresh token ends the session at once', async () => {
    localStorage.removeItem('refreshToken');
    echoAccepting('never');
    const refreshes = refreshAnswering(newPair);
    const { store, actions } = recordingStore();

    const { error } = await store.dispatch(
      testApi.endpoints.echo.initiate({ value: 1 }),
    );

    expect(error).toMatchObject({ status: 401 });
    expect(refreshes).toHaveLength(0);
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(actions).toContain(sessionEnded.type);
    expect(navigation.navigate).toHaveBeenCalledWith('/login');
  });

  it('retries a request at most once: a second 401 is the answer', async () => {
    const attempts = echoAccepting('never');
    const refreshes = refreshAnswering(newPair);
    const { store } = recordingStore();

    const { error } = await store.dispatch(
      testApi.endpoints.echo.initiate({ value: 7 }),
    );

    expect(error).toMatchObject({ status: 401, error: 'Unauthorized' });
    expect(attempts.map((attempt) => attempt.auth)).toEqual([
      'Bearer access-old',
      'Bearer access-new',
    ]);
    expect(refreshes).toHaveLength(1);
    // The refresh itself worked: the session stays.
    expect(localStorage.getItem('accessToken')).toBe('access-new');
    expect(navigation.navigate).not.toHaveBeenCalled();
  });

  it('keeps the session when the refresh gets no answer', async () => {
    echoAccepting('never');
    refreshAnswering(() => HttpResponse.error());
    const { store } = recordingStore();

    const { error } = await store.dispatch(
      testApi.endpoints.echo.initiate({ value: 1 }),
    );

    expect(error).toMatchObject({ status: 401 });
    expect(localStorage.getItem('accessToken')).toBe('access-old');
    expect(localStorage.getItem('refreshToken')).toBe('refresh-old');
    expect(navigation.navigate).not.toHaveBeenCalled();
  });

  it('never refreshes for a public call, and sends it without the token', async () => {
    const publicApi = api.injectEndpoints({
      endpoints: (build) => ({
        publicEcho: build.mutation<unknown, undefined>({
          query: () => ({ url: 'public-echo', method: 'POST' }),
          extraOptions: { anonymous: true },
        }),
      }),
    });
    let auth: string | null = 'unset';
    server.use(
      http.post('*/api/public-echo', ({ request }) => {
        auth = request.headers.get('Authorization');
        return unauthorized();
      }),
    );
    const refreshes = refreshAnswering(newPair);
    const { store } = recordingStore();

    const { error } = await store.dispatch(
      publicApi.endpoints.publicEcho.initiate(undefined),
    );

    expect(error).toMatchObject({ status: 401 });
    expect(auth).toBeNull();
    expect(refreshes).toHaveLength(0);
    expect(localStorage.getItem('accessToken')).toBe('access-old');
  });

  describe('across tabs (Web Locks)', () => {
    function fakeLocks(onGranted?: () => void) {
      const held: string[] = [];
      const request = vi.fn(
        async (name: string, callback: () => Promise<unknown>) => {
          held.push(name);
          onGranted?.();
          try {
            return await callback();
          } finally {
            held.pop();
          }
        },
      );
      Object.defineProperty(navigator, 'locks', {
        configurable: true,
        value: { request },
      });
      return { request, held };
    }

    it('refreshes inside the platewise-token-refresh lock', async () => {
      const locks = fakeLocks();
      let heldDuringRefresh: string[] = [];
      server.use(
        http.post('*/api/users/refresh-token', () => {
          heldDuringRefresh = [...locks.held];
          return newPair();
        }),
      );
      echoAccepting('access-new');
      const { store } = recordingStore();

      const { data } = await store.dispatch(
        testApi.endpoints.echo.initiate({ value: 3 }),
      );

      expect(data).toEqual({ value: 3 });
      expect(locks.request).toHaveBeenCalledTimes(1);
      expect(locks.request.mock.calls[0]?.[0]).toBe('platewise-token-refresh');
      expect(heldDuringRefresh).toEqual(['platewise-token-refresh']);
    });

    it('uses the tokens another tab stored while it waited for the lock', async () => {
      // The other tab held the lock and rotated the pair meanwhile.
      fakeLocks(() => {
        localStorage.setItem('accessToken', 'access-other-tab');
        localStorage.setItem('refreshToken', 'refresh-other-tab');
      });
      const attempts = echoAccepting('access-other-tab');
      const refreshes = refreshAnswering(newPair);
      const { store } = recordingStore();

      const results = await Promise.all(
        [1, 2, 3].map((value) =>
          store.dispatch(testApi.endpoints.echo.initiate({ value })),
        ),
      );

      expect(refreshes).toHaveLength(0);
      for (const result of results) expect(result.error).toBeUndefined();
      expect(
        attempts.filter(
          (attempt) => attempt.auth === 'Bearer access-other-tab',
        ),
      ).toHaveLength(3);
      expect(localStorage.getItem('refreshToken')).toBe('refresh-other-tab');
      expect(navigation.navigate).not.toHaveBeenCalled();
    });

    it('ends the session when another tab logged out meanwhile', async () => {
      fakeLocks(() => {
        localStorage.removeItem('accessToken');
        localStorage.removeItem('refreshToken');
      });
      echoAccepting('never');
      const refreshes = refreshAnswering(newPair);
      const { store } = recordingStore();

      const { error } = await store.dispatch(
        testApi.endpoints.echo.initiate({ value: 1 }),
      );

      expect(error).toMatchObject({ status: 401 });
      expect(refreshes).toHaveLength(0);
      expect(navigation.navigate).toHaveBeenCalledWith('/login');
    });
  });
});

describe('password-checking calls (reauthenticates)', () => {
  const checkApi = api.injectEndpoints({
    endpoints: (build) => ({
      checkPassword: build.mutation<unknown, undefined>({
        query: () => ({ url: 'check-password', method: 'POST' }),
        extraOptions: { reauthenticates: true },
      }),
    }),
  });

  /** An unsigned JWT-shaped token expiring in `seconds`. */
  function jwtExpiringIn(seconds: number) {
    const encode = (value: object) =>
      btoa(JSON.stringify(value))
        .replace(/\+/g, '-')
        .replace(/\//g, '_')
        .replace(/=+$/, '');
    const exp = Math.floor(Date.now() / 1000) + seconds;
    return `${encode({ alg: 'HS256', typ: 'at+jwt' })}.${encode({ sub: 'u', exp })}.sig`;
  }

  function serve() {
    const log: string[] = [];
    server.use(
      http.post('*/api/check-password', ({ request }) => {
        log.push(`check ${request.headers.get('Authorization') ?? ''}`);
        return HttpResponse.json(
          { error: 'Password is incorrect.' },
          { status: 401 },
        );
      }),
      http.post('*/api/users/refresh-token', () => {
        log.push('refresh');
        return HttpResponse.json({
          data: { accessToken: 'access-new', refreshToken: 'refresh-new' },
        });
      }),
    );
    return log;
  }

  function makeStore() {
    return configureStore({
      reducer: { [api.reducerPath]: api.reducer },
      middleware: (gDM) => gDM().concat(api.middleware),
    });
  }

  it('sends once and returns the 401: a wrong password is counted once', async () => {
    const token = jwtExpiringIn(600);
    localStorage.setItem('accessToken', token);
    localStorage.setItem('refreshToken', 'refresh-old');
    const log = serve();

    const { error } = await makeStore().dispatch(
      checkApi.endpoints.checkPassword.initiate(undefined),
    );

    expect(error).toMatchObject({
      status: 401,
      error: 'Password is incorrect.',
    });
    expect(log).toEqual([`check Bearer ${token}`]);
    expect(localStorage.getItem('accessToken')).toBe(token);
  });

  it('refreshes a token about to expire before sending', async () => {
    localStorage.setItem('accessToken', jwtExpiringIn(20));
    localStorage.setItem('refreshToken', 'refresh-old');
    const log = serve();

    await makeStore().dispatch(
      checkApi.endpoints.checkPassword.initiate(undefined),
    );

    expect(log).toEqual(['refresh', 'check Bearer access-new']);
  });

  it('reads the lifetime of a JWT, and nothing from other tokens', () => {
    const left = accessTokenLifetimeLeft(jwtExpiringIn(120));
    expect(left).toBeGreaterThan(110_000);
    expect(left).toBeLessThanOrEqual(120_000);
    expect(accessTokenLifetimeLeft('opaque-token')).toBeNull();
    expect(accessTokenLifetimeLeft('a.not-base64!.c')).toBeNull();
  });
});
