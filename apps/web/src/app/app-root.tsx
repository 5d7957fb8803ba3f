import { RouterProvider, type DataRouter } from 'react-router';
import type { Persistor } from 'redux-persist';
import { PersistGate } from 'redux-persist/integration/react';

import { PageLoader } from '../components/page-loader';
import { AppProviders } from './providers';
import type { AppStore } from './store';

/**
 * The app as main.tsx mounts it, apart from StrictMode, so that a test can
 * render the same tree over a memory router.
 */
export function AppRoot({
  store,
  persistor,
  router,
}: {
  store: AppStore;
  persistor: Persistor;
  router: DataRouter;
}) {
  return (
    <AppProviders store={store}>
      {/* Pages appear once saved state is restored (spec point 4): the user
          guard reads the restored user id, so it must not run before. */}
      <PersistGate
        persistor={persistor}
        loading={<PageLoader label="Restoring your settings…" />}
      >
        <RouterProvider router={router} />
      </PersistGate>
    </AppProviders>
  );
}
