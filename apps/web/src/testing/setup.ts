import '@testing-library/jest-dom/vitest';

import { format } from 'node:util';

import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';

import { preloadNotificationsHost } from '../components/deferred-notifications-host';
import { resetTokenRefresh } from '../lib/api';
import { dismissAllNotifications } from '../lib/notifications';
import { consoleErrorsAllowed, resetConsoleErrorsAllowed } from './console';
import { server } from './msw/server';

// Pages are lazy-loaded chunks: on a loaded 2-core CI machine the first one
// can take longer than Testing Library's default 1 s to appear.
configure({ asyncUtilTimeout: 5_000 });

// jsdom lacks these browser APIs; MUI and the landing page use them.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  configurable: true,
  value: (query: string): MediaQueryList => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }),
});
Element.prototype.scrollIntoView = function scrollIntoView() {};
window.scrollTo = () => undefined;
Object.defineProperty(HTMLMediaElement.prototype, 'play', {
  configurable: true,
  value: () => Promise.resolve(),
});
Object.defineProperty(HTMLMediaElement.prototype, 'pause', {
  configurable: true,
  value: () => undefined,
});

beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' });
  // Toasts then show in the same render as in the app after the first one.
  await preloadNotificationsHost();
});
afterAll(() => server.close());

let errors: string[] = [];
beforeEach(() => {
  // What the server writes into the page from SUPPORT_EMAIL (spa.ts);
  // a test may remove it to see the page without one.
  let meta = document.querySelector('meta[name="support-email"]');
  if (!meta) {
    meta = document.createElement('meta');
    meta.setAttribute('name', 'support-email');
    document.head.append(meta);
  }
  meta.setAttribute('content', 'support@platewise.app');
  errors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    errors.push(format(...args));
  });
});

afterEach(() => {
  cleanup();
  server.resetHandlers();
  dismissAllNotifications();
  resetTokenRefresh();
  localStorage.clear();
  sessionStorage.clear();
  document.cookie = 'auth_token=; Max-Age=0; path=/';
  vi.restoreAllMocks();
  const logged = errors;
  const allowed = consoleErrorsAllowed();
  resetConsoleErrorsAllowed();
  if (logged.length > 0 && !allowed) {
    throw new Error(
      `console.error was called during the test:\n${logged.join('\n---\n')}`,
    );
  }
});
