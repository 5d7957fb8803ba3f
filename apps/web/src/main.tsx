import '@fontsource-variable/inter/wght.css';

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { PersistGate } from 'redux-persist/integration/react';

import { AppProviders } from './app/providers';
import { createAppRouter } from './app/router';
import { createAppStore } from './app/store';
import { PageLoader } from './components/page-loader';

const { store, persistor } = createAppStore({ persist: true });
if (!persistor) throw new Error('The app store must be persisted');
const router = createAppRouter();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <AppProviders store={store}>
      {/* Pages appear once saved state is restored (spec point 4). */}
      <PersistGate
        persistor={persistor}
        loading={<PageLoader label="Restoring your settings…" />}
      >
        <RouterProvider router={router} />
      </PersistGate>
    </AppProviders>
  </StrictMode>,
);
