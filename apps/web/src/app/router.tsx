/**
 * Every route of spec point 2. Pages are lazy route modules (app/routes), so
 * a page's code loads when it is first visited, and a failed load ends on the
 * root error page.
 */
import {
  createBrowserRouter,
  type DataRouter,
  type RouteObject,
} from 'react-router';

import { ErrorPage } from '../components/errors/error-page';
import { PageLoader } from '../components/page-loader';
import { registerNavigator } from '../lib/navigation';
import { paths } from '../lib/paths';
import { RootLayout } from './root-layout';

export const routes: RouteObject[] = [
  {
    id: 'root',
    element: <RootLayout />,
    errorElement: <ErrorPage />,
    hydrateFallbackElement: <PageLoader />,
    children: [
      { index: true, lazy: () => import('./routes/landing') },
      // Pages that need no store: the landing page and the public pages stay
      // light (issue 11, landing weight).
      { path: paths.contact.path, lazy: () => import('./routes/contact') },
      { path: paths.privacy.path, lazy: () => import('./routes/privacy') },
      { path: paths.terms.path, lazy: () => import('./routes/terms') },
      {
        lazy: () => import('./routes/store-layout'),
        children: [
          { path: paths.signup.path, lazy: () => import('./routes/signup') },
          { path: paths.login.path, lazy: () => import('./routes/login') },
          {
            path: paths.verifyEmail.path,
            lazy: () => import('./routes/verify-email'),
          },
          {
            path: paths.forgotPassword.path,
            lazy: () => import('./routes/forgot-password'),
          },
          {
            path: paths.forgotPasswordAlias.path,
            lazy: () => import('./routes/forgot-password'),
          },
          {
            path: paths.resetPassword.path,
            lazy: () => import('./routes/reset-password'),
          },
          {
            path: paths.authSuccess.path,
            lazy: () => import('./routes/auth-success'),
          },

          {
            path: paths.admin.login.path,
            lazy: () => import('./routes/admin-login'),
          },
          {
            path: paths.admin.loginAlias.path,
            lazy: () => import('./routes/admin-login'),
          },
          {
            lazy: () => import('./routes/admin-layout'),
            children: [
              {
                path: paths.admin.users.path,
                lazy: () => import('./routes/admin-users'),
              },
              {
                path: paths.admin.dashboard.path,
                lazy: () => import('./routes/admin-users'),
              },
              {
                path: paths.admin.recipes.path,
                lazy: () => import('./routes/admin-recipes'),
              },
              {
                path: paths.admin.settings.path,
                lazy: () => import('./routes/admin-settings'),
              },
              {
                path: paths.admin.profile.path,
                lazy: () => import('./routes/admin-profile'),
              },
              {
                path: paths.admin.audit.path,
                lazy: () => import('./routes/admin-audit'),
              },
              // Any other admin path shows User Management (spec point 2).
              {
                path: paths.admin.area.path,
                lazy: () => import('./routes/admin-users'),
              },
            ],
          },

          {
            lazy: () => import('./routes/user-layout'),
            children: [
              {
                path: paths.user.dashboard.path,
                lazy: () => import('./routes/user-dashboard'),
              },
              {
                path: paths.user.profile.path,
                lazy: () => import('./routes/user-profile'),
              },
              {
                path: paths.user.shoppingList.path,
                lazy: () => import('./routes/user-shopping-list'),
              },
              {
                path: paths.user.kitchen.path,
                lazy: () => import('./routes/user-kitchen'),
              },
              {
                path: paths.user.settings.path,
                lazy: () => import('./routes/user-settings'),
              },
              {
                path: paths.household.join.path,
                lazy: () => import('./routes/household-join'),
              },
            ],
          },
        ],
      },

      { path: '*', lazy: () => import('./routes/not-found') },
    ],
  },
];

/**
 * Lets code outside React (the API client's failed refresh) navigate with
 * this router; returns the function that unregisters it.
 */
export function connectRouterNavigation(router: DataRouter): () => void {
  return registerNavigator({
    navigate: (to) => void router.navigate(to, { replace: true }),
    pathname: () => router.state.location.pathname,
  });
}

export function createAppRouter() {
  const router = createBrowserRouter(routes);
  connectRouterNavigation(router);
  return router;
}
