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

// The DOM in tests (happy-dom) lacks these browser APIs; MUI, the landing
// page, the household card (confirm) and the shopping list (print) use them.
// A test that needs one to answer spies on it.
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
window.confirm = () => false;
window.print = () => undefined;
// A browser's default display for the phrasing elements. happy-dom gives
// them none (''), and the accessible-name computation puts a space around
// every element that is not `inline`: the terms box would be named
// "… Privacy Policy ." where a browser says "… Privacy Policy.".
const phrasing = document.createElement('style');
phrasing.textContent =
  'a, abbr, b, bdi, bdo, cite, code, data, del, dfn, em, i, ins, kbd, label, mark, q, s, samp, small, span, strong, sub, sup, time, u, var { display: inline; }';
document.head.append(phrasing);
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
