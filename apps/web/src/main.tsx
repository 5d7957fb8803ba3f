import '@fontsource-variable/inter/wght.css';

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

import { AppRoot } from './app/app-root';
import { createAppRouter } from './app/router';

// No store here: it loads with the first page that needs it
// (app/store-gate.tsx), which keeps it off the landing page (issue 11).
const router = createAppRouter();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <AppRoot router={router} />
  </StrictMode>,
);
