import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';

import { NotificationsHost } from '../components/notifications-host';
import { readCspNonce } from '../lib/csp-nonce';
import type { AppStore } from './store';
import {
  theme,
  THEME_MODE_STORAGE_KEY,
  THEME_SCHEME_STORAGE_KEY,
} from './theme';

/**
 * Emotion's styles carry the page's CSP nonce (decision 004), so the strict
 * `style-src 'self' 'nonce-…'` lets them in.
 */
export const emotionCache = createCache({
  key: 'pw',
  nonce: readCspNonce(),
  prepend: true,
});

export function AppProviders({
  store,
  children,
}: {
  store: AppStore;
  children: ReactNode;
}) {
  return (
    <CacheProvider value={emotionCache}>
      <ThemeProvider
        theme={theme}
        defaultMode="system"
        modeStorageKey={THEME_MODE_STORAGE_KEY}
        colorSchemeStorageKey={THEME_SCHEME_STORAGE_KEY}
      >
        <CssBaseline enableColorScheme />
        <Provider store={store}>
          {children}
          <NotificationsHost />
        </Provider>
      </ThemeProvider>
    </CacheProvider>
  );
}
