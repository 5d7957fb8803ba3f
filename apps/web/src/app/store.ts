/**
 * The Redux store (spec point 3): client-only slices, persisted to
 * localStorage under `persist:root` (whitelist user and
 * allergensAndCategories), plus the RTK Query cache, which is not persisted.
 * The spec's `preferences` slice is gone: the saved settings and the plan
 * live in the RTK Query cache only, the settings draft in its form
 * (docs/decisions/011-server-data-in-rtk-query-only.md).
 */
import {
  PERSIST_KEY,
  PERSIST_KEY_PREFIX,
  PERSIST_TIMEOUT_MS,
  PERSIST_WHITELIST,
} from '@platewise/shared';
import {
  combineReducers,
  configureStore,
  createListenerMiddleware,
} from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import {
  createMigrate,
  FLUSH,
  PAUSE,
  PERSIST,
  persistReducer,
  persistStore,
  PURGE,
  REGISTER,
  REHYDRATE,
  type PersistConfig,
  type Persistor,
} from 'redux-persist';
import type { PersistPartial } from 'redux-persist/es/persistReducer';
import storage from 'redux-persist/es/storage';

import { allergensSlice } from '../features/allergens/allergens-slice';
import { userSlice } from '../features/auth/auth-slice';
import { api } from '../lib/api';
import { sessionEnded } from '../lib/session-actions';

export const rootReducer = combineReducers({
  [userSlice.reducerPath]: userSlice.reducer,
  [allergensSlice.reducerPath]: allergensSlice.reducer,
  [api.reducerPath]: api.reducer,
});

export type RootState = ReturnType<typeof rootReducer>;

export const persistConfig: PersistConfig<RootState> = {
  key: PERSIST_KEY,
  keyPrefix: PERSIST_KEY_PREFIX,
  storage,
  whitelist: [...PERSIST_WHITELIST],
  // Version 0 drops the `preferences` copy that earlier versions stored
  // (ADR 011): the server's settings and plan are read fresh instead.
  version: 0,
  migrate: createMigrate({
    0: (state) => {
      if (!state || !('preferences' in state)) return state;
      const { preferences: _dropped, ...rest } = state as typeof state & {
        preferences?: unknown;
      };
      return rest;
    },
  }),
  // Give up waiting for storage after this long and start with defaults.
  timeout: PERSIST_TIMEOUT_MS,
};

/** redux-persist's own actions carry functions; they never reach slices. */
export const PERSIST_ACTIONS = [
  FLUSH,
  REHYDRATE,
  PAUSE,
  PERSIST,
  PURGE,
  REGISTER,
];

export interface CreateAppStoreOptions {
  preloadedState?: Partial<RootState>;
  /** Restore from and write to localStorage (the app); tests leave it off. */
  persist?: boolean;
}

export function createAppStore({
  preloadedState,
  persist = false,
}: CreateAppStoreOptions = {}) {
  const session = createListenerMiddleware();
  const store = configureStore({
    reducer: persistReducer(persistConfig, rootReducer),
    // Slices absent from preloadedState start at their defaults; `_persist`
    // is added by redux-persist itself.
    preloadedState: preloadedState as (RootState & PersistPartial) | undefined,
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware({
        serializableCheck: { ignoredActions: PERSIST_ACTIONS },
      })
        .prepend(session.middleware)
        .concat(api.middleware),
  });
  const persistor: Persistor | null = persist ? persistStore(store) : null;

  // Logout and an ended session leave no user data behind (security S47):
  // the slices are already back at their defaults, so write that, then remove
  // the stored copy, and forget every cached answer.
  session.startListening({
    actionCreator: sessionEnded,
    effect: async (_action, listenerApi) => {
      listenerApi.dispatch(api.util.resetApiState());
      if (persistor) {
        await persistor.flush();
        await persistor.purge();
      }
    },
  });

  // Refetch on focus and reconnect in the app; tests opt out, so that
  // no window listeners outlive them.
  if (persist) setupListeners(store.dispatch);
  return { store, persistor };
}

export type AppStore = ReturnType<typeof createAppStore>['store'];
export type AppDispatch = AppStore['dispatch'];
