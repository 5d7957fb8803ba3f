import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';

import {
  allergenCategoriesCleared,
  allergenCategoriesLoaded,
} from '../features/allergens/allergens-slice';
import { authApi } from '../features/auth/auth-api';
import { userDataCleared, userDataReceived } from '../features/auth/auth-slice';
import { registerNavigator } from '../lib/navigation';
import { sessionEnded } from '../lib/session-actions';
import { server } from '../testing/msw/server';
import { createAppStore, persistConfig } from './store';

const user = { id: 7, firstName: 'Ada', email: 'ada@example.com' };

async function until(check: () => boolean) {
  for (let i = 0; i < 100 && !check(); i++) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  expect(check()).toBe(true);
}

describe('persist configuration', () => {
  it('persists user and allergensAndCategories under persist:root', () => {
    expect(persistConfig.key).toBe('root');
    expect(persistConfig.keyPrefix).toBe('persist:');
    // The spec's `preferences` slice is server data, kept by RTK Query only
    // (docs/decisions/011-server-data-in-rtk-query-only.md).
    expect(persistConfig.whitelist).toEqual(['user', 'allergensAndCategories']);
    expect(persistConfig.timeout).toBe(5000);
  });

  it('writes only the whitelisted slices to localStorage', async () => {
    const { store, persistor } = createAppStore({ persist: true });
    await until(() => persistor?.getState().bootstrapped === true);
    store.dispatch(userDataReceived(user));
    await persistor?.flush();
    const stored = JSON.parse(localStorage.getItem('persist:root') ?? '{}');
    expect(Object.keys(stored).sort()).toEqual([
      '_persist',
      'allergensAndCategories',
      'user',
    ]);
    expect(JSON.parse(stored.user)).toEqual({ userData: user });
  });

  it('restores the stored state before the app starts, without the preferences copy of earlier versions', async () => {
    localStorage.setItem(
      'persist:root',
      JSON.stringify({
        user: JSON.stringify({ userData: user }),
        preferences: JSON.stringify({ servingSize: 4, generatedMealPlan: [] }),
        _persist: JSON.stringify({ version: -1, rehydrated: true }),
      }),
    );
    const { store, persistor } = createAppStore({ persist: true });
    await until(() => persistor?.getState().bootstrapped === true);
    expect(store.getState().user.userData).toEqual(user);
    expect(store.getState()).not.toHaveProperty('preferences');
    await persistor?.flush();
    const stored = JSON.parse(localStorage.getItem('persist:root') ?? '{}');
    expect(stored).not.toHaveProperty('preferences');
  });

  it('removes the stored copy when the session ends', async () => {
    const { store, persistor } = createAppStore({ persist: true });
    await until(() => persistor?.getState().bootstrapped === true);
    store.dispatch(userDataReceived(user));
    await persistor?.flush();
    expect(localStorage.getItem('persist:root')).not.toBeNull();
    store.dispatch(sessionEnded());
    await until(() => localStorage.getItem('persist:root') === null);
    expect(store.getState().user.userData).toBeNull();
  });
});

describe('user slice', () => {
  it('is empty until set and empty again when cleared', () => {
    const { store } = createAppStore();
    expect(store.getState().user.userData).toBeNull();
    store.dispatch(userDataReceived(user));
    expect(store.getState().user.userData).toEqual(user);
    store.dispatch(userDataCleared());
    expect(store.getState().user.userData).toBeNull();
  });
});

describe('allergensAndCategories slice', () => {
  it('is set and cleared', () => {
    const { store } = createAppStore();
    const data = [{ name: 'Nuts', allergens: [{ id: 1, name: 'Peanut' }] }];
    store.dispatch(allergenCategoriesLoaded(data));
    expect(store.getState().allergensAndCategories.data).toEqual(data);
    store.dispatch(allergenCategoriesCleared());
    expect(store.getState().allergensAndCategories.data).toEqual([]);
  });
});

describe('session end', () => {
  it('returns every slice to its defaults', () => {
    const { store } = createAppStore();
    store.dispatch(userDataReceived(user));
    store.dispatch(allergenCategoriesLoaded([{ name: 'Fish', allergens: [] }]));
    store.dispatch(sessionEnded());
    const state = store.getState();
    expect(state.user.userData).toBeNull();
    expect(state.allergensAndCategories.data).toEqual([]);
  });
});

describe('a refused token refresh (security S47)', () => {
  it('removes the tokens and the persisted copy, and goes to /login', async () => {
    const { store, persistor } = createAppStore({ persist: true });
    await until(() => persistor?.getState().bootstrapped === true);
    store.dispatch(userDataReceived(user));
    await persistor?.flush();
    expect(localStorage.getItem('persist:root')).not.toBeNull();
    localStorage.setItem('accessToken', 'expired');
    localStorage.setItem('refreshToken', 'revoked');
    server.use(
      http.get('*/api/users/me', () =>
        HttpResponse.json({ error: 'Unauthorized' }, { status: 401 }),
      ),
      http.post('*/api/users/refresh-token', () =>
        HttpResponse.json(
          { error: 'Invalid grant', code: 'INVALID_GRANT' },
          { status: 401 },
        ),
      ),
    );
    const navigate = vi.fn<(to: string) => void>();
    const unregister = registerNavigator({
      navigate,
      pathname: () => '/user/dashboard',
    });
    try {
      // The ended session also resets the cache, this answer included.
      await store.dispatch(
        authApi.endpoints.getCurrentUser.initiate(undefined),
      );
      await until(() => localStorage.getItem('persist:root') === null);
      expect(localStorage.getItem('accessToken')).toBeNull();
      expect(localStorage.getItem('refreshToken')).toBeNull();
      expect(store.getState().user.userData).toBeNull();
      expect(navigate).toHaveBeenCalledWith('/login');
    } finally {
      unregister();
    }
  });
});
