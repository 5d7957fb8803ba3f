import { PRODUCT_NAME } from '@platewise/shared';
import { lazy, Suspense, useEffect } from 'react';
import {
  Outlet,
  ScrollRestoration,
  useMatches,
  useNavigation,
} from 'react-router';

import { SkipLink } from '../components/skip-link';
import { useFocusHeadingOnNavigation } from '../hooks/use-focus-heading-on-navigation';
import { handleTitle } from './route-handle';

// Shown only while a later page loads, so not part of the first page's code.
const LinearProgress = lazy(() => import('@mui/material/LinearProgress'));

const DEFAULT_TITLE = `${PRODUCT_NAME} · Weekly meal plans that waste less`;

function useDocumentTitle() {
  const matches = useMatches();
  const title = matches
    .map((match) => handleTitle(match.handle))
    .filter(Boolean)
    .at(-1);
  useEffect(() => {
    document.title = title ? `${title} · ${PRODUCT_NAME}` : DEFAULT_TITLE;
  }, [title]);
}

/**
 * The root route: the skip link, title, focus on the new page's heading,
 * scroll restoration, a progress bar while a page loads.
 */
export function RootLayout() {
  const navigation = useNavigation();
  useDocumentTitle();
  useFocusHeadingOnNavigation();
  return (
    <>
      <SkipLink />
      {navigation.state === 'loading' ? (
        <Suspense fallback={null}>
          <LinearProgress
            color="secondary"
            aria-label="Loading page"
            sx={{
              position: 'fixed',
              top: 0,
              left: 0,
              right: 0,
              zIndex: 'tooltip',
            }}
          />
        </Suspense>
      ) : null}
      <ScrollRestoration />
      <Outlet />
    </>
  );
}
