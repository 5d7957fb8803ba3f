import { useContext, type ReactNode } from 'react';
import { Provider, ReactReduxContext } from 'react-redux';
import type { Persistor } from 'redux-persist';
import { PersistGate } from 'redux-persist/integration/react';

import { PageLoader } from '../components/page-loader';
import { createAppStore, type AppStore } from './store';

let appStore: { store: AppStore; persistor: Persistor } | undefined;

/**
 * The app's one persisted store, made on first use. The store (Redux
 * Toolkit, RTK Query, redux-persist, zod) is kept off the landing page's
 * critical path (issue 11, landing weight): this module is loaded with the
 * first page or dialog that needs it, never by main.tsx.
 */
export function getAppStore(): { store: AppStore; persistor: Persistor } {
  if (!appStore) {
    const { store, persistor } = createAppStore({ persist: true });
    if (!persistor) throw new Error('The app store must be persisted');
    appStore = { store, persistor };
  }
  return appStore;
}

function AppStoreProvider({ children }: { children: ReactNode }) {
  const { store, persistor } = getAppStore();
  return (
    <Provider store={store}>
      {/* Pages appear once saved state is restored (spec point 4): the user
          guard reads the restored user id, so it must not run before. */}
      <PersistGate
        persistor={persistor}
        loading={<PageLoader label="Restoring your settings…" />}
      >
        {children}
      </PersistGate>
    </Provider>
  );
}

/**
 * Provides the app's store to what it wraps. Where a store is provided
 * already (AppRoot given one, as tests do), it adds nothing.
 */
export function StoreGate({ children }: { children: ReactNode }) {
  const provided = useContext(ReactReduxContext);
  if (provided) return children;
  return <AppStoreProvider>{children}</AppStoreProvider>;
}
