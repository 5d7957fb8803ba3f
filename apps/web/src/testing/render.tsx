import { render } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import {
  createMemoryRouter,
  RouterProvider,
  type RouteObject,
} from 'react-router';

import { AppProviders } from '../app/providers';
import { routes as appRoutes, connectRouterNavigation } from '../app/router';
import { createAppStore, type RootState } from '../app/store';

export interface RenderOptions {
  /** Slices to start from; the others start at their defaults. */
  preloadedState?: Partial<RootState>;
  /** The address to start at. */
  route?: string;
  /** The route pattern `ui` is mounted at; other paths render nothing. */
  path?: string;
  /**
   * Under `vi.useFakeTimers()`, pass `vi.advanceTimersByTime` so that
   * user-event's own delays move the fake clock.
   */
  advanceTimers?: (ms: number) => unknown;
}

/** Renders the given routes inside the app's providers and a memory router. */
export function renderRoutes(
  routes: RouteObject[],
  options: Omit<RenderOptions, 'path'> = {},
) {
  const { store } = createAppStore({ preloadedState: options.preloadedState });
  const router = createMemoryRouter(routes, {
    initialEntries: [options.route ?? '/'],
  });
  // The API client's failed refresh navigates with this router.
  connectRouterNavigation(router);
  const user: UserEvent = userEvent.setup(
    options.advanceTimers ? { advanceTimers: options.advanceTimers } : {},
  );
  const result = render(
    <AppProviders>
      {/* The test's store; StoreGate adds none where one is provided. */}
      <Provider store={store}>
        <RouterProvider router={router} />
      </Provider>
    </AppProviders>,
  );
  return { ...result, store, router, user };
}

/** Renders `ui` inside the app's providers and a memory router. */
export function renderWithProviders(
  ui: ReactElement,
  { path = '*', ...options }: RenderOptions = {},
) {
  const routes: RouteObject[] = [{ path, element: ui }];
  if (path !== '*') routes.push({ path: '*', element: null });
  return renderRoutes(routes, options);
}

/** Renders the whole app (every route, lazy pages, guards) at `route`. */
export function renderApp(
  route: string,
  options: Omit<RenderOptions, 'route' | 'path'> = {},
) {
  return renderRoutes(appRoutes, { ...options, route });
}
