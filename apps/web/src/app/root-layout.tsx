import LinearProgress from '@mui/material/LinearProgress';
import { PRODUCT_NAME } from '@platewise/shared';
import { useEffect } from 'react';
import {
  Outlet,
  ScrollRestoration,
  useMatches,
  useNavigation,
} from 'react-router';

import { handleTitle } from './route-handle';

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

/** The root route: title, scroll restoration, a progress bar while a page loads. */
export function RootLayout() {
  const navigation = useNavigation();
  useDocumentTitle();
  return (
    <>
      {navigation.state === 'loading' ? (
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
      ) : null}
      <ScrollRestoration />
      <Outlet />
    </>
  );
}
