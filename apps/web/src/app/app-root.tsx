import { RouterProvider, type DataRouter } from 'react-router';

import { AppProviders } from './providers';

/**
 * The app as main.tsx mounts it, apart from StrictMode, so that a test can
 * render the same tree over a memory router. It holds no store: pages that
 * need one get the app's persisted store from app/store-gate.tsx, so the
 * landing page loads without Redux (issue 11, landing weight).
 */
export function AppRoot({ router }: { router: DataRouter }) {
  return (
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
