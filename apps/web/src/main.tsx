import '@fontsource-variable/inter/wght.css';

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

import { AppRoot } from './app/app-root';
import { createAppRouter } from './app/router';
import { createAppStore } from './app/store';

const { store, persistor } = createAppStore({ persist: true });
if (!persistor) throw new Error('The app store must be persisted');
const router = createAppRouter();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <AppRoot store={store} persistor={persistor} router={router} />
  </StrictMode>,
);
