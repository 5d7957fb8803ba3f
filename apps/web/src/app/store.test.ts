import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';

import {
  allergenCategoriesCleared,
  allergenCategoriesLoaded,
} from '../features/allergens/allergens-slice';
import { authApi } from '../features/auth/auth-api';
import { userDataCleared, userDataReceived } from '../features/auth/auth-slice';
import {
  initialPreferencesState,
  preferenceChanged,
  preferencesChanged,
  preferencesReset,
} from '../features/preferences/preferences-slice';
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
  it('persists user, preferences and allergensAndCategories under persist:root', () => {
    expect(persistConfig.key).toBe('root');
    expect(persistConfig.keyPrefix).toBe('persist:');
    expect(persistConfig.whitelist).toEqual([
      'user',
      'preferences',
      'allergensAndCategories',
    ]);
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
      'preferences',
      'user',
    ]);
    expect(JSON.parse(stored.user)).toEqual({ userData: user });
  });

  it('restores the stored state before the app starts', async () => {
    localStorage.setItem(
      'persist:root',
      JSON.stringify({
        user: JSON.stringify({ userData: user }),
        preferences: JSON.stringify({
          ...initialPreferencesState,
          servingSize: 4,
        }),
        _persist: JSON.stringify({ version: -1, rehydrated: true }),
      }),
    );
    const { store, persistor } = createAppStore({ persist: true });
    await until(() => persistor?.getState().bootstrapped === true);
    expect(store.getState().user.userData).toEqual(user);
    expect(store.getState().preferences.servingSize).toBe(4);
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

describe('preferences slice', () => {
  it('starts at the spec defaults', () => {
    const { store } = createAppStore();
    expect(store.getState().preferences).toEqual({
      generatedMealPlan: [],
      weeklySchedule: [],
      dietaryPreference: 'none',
      proteinLevel: 'Medium Protein',
      servingSize: 1,
      weeknightCookingTime: 45,
      allergens: [],
      customAllergens: [],
      preferences: { likes: [], dislikes: [] },
    });
  });

  it('sets one field, several at once, and resets all', () => {
    const { store } = createAppStore();
    store.dispatch(preferenceChanged({ key: 'servingSize', value: 3 }));
    expect(store.getState().preferences.servingSize).toBe(3);

    store.dispatch(
      preferencesChanged({
        dietaryPreference: 'vegan',
        customAllergens: ['mango'],
        proteinLevel: 'High Protein',
      }),
    );
    const changed = store.getState().preferences;
    expect(changed.dietaryPreference).toBe('vegan');
    expect(changed.customAllergens).toEqual(['mango']);
    expect(changed.proteinLevel).toBe('High Protein');
    expect(changed.servingSize).toBe(3);

    store.dispatch(preferencesReset());
    expect(store.getState().preferences).toEqual(initialPreferencesState);
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
    store.dispatch(preferenceChanged({ key: 'servingSize', value: 5 }));
    store.dispatch(allergenCategoriesLoaded([{ name: 'Fish', allergens: [] }]));
    store.dispatch(sessionEnded());
    const state = store.getState();
    expect(state.user.userData).toBeNull();
    expect(state.preferences).toEqual(initialPreferencesState);
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
