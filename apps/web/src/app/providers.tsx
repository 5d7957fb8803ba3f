import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import type { ReactNode } from 'react';

import { DeferredNotificationsHost } from '../components/deferred-notifications-host';
import { readCspNonce } from '../lib/csp-nonce';
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

/**
 * Emotion, theme and toasts around the app. No store: the app provides it
 * lower down, only on pages that need it (app/store-gate.tsx); tests wrap
 * their own inside.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <CacheProvider value={emotionCache}>
      <ThemeProvider
        theme={theme}
        defaultMode="system"
        modeStorageKey={THEME_MODE_STORAGE_KEY}
        colorSchemeStorageKey={THEME_SCHEME_STORAGE_KEY}
      >
        <CssBaseline enableColorScheme />
        {children}
        <DeferredNotificationsHost />
      </ThemeProvider>
    </CacheProvider>
  );
}
