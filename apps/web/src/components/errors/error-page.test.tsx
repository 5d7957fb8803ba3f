import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderRoutes } from '../../testing/render';
import { ErrorPage } from './error-page';

function renderFailingRoute(loader: () => never) {
  renderRoutes([
    {
      path: '/',
      loader,
      element: null,
      hydrateFallbackElement: <p>Loading</p>,
      errorElement: <ErrorPage />,
    },
  ]);
}

describe('ErrorPage', () => {
  it('shows the status and status text of a route error response', async () => {
    renderFailingRoute(() => {
      throw new Response('', {
        status: 503,
        statusText: 'Service Unavailable',
      });
    });
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Unexpected Application Error!',
      }),
    ).toBeInTheDocument();
    expect(screen.getByText('503 Service Unavailable')).toBeInTheDocument();
  });

  it('shows the message of a thrown error', async () => {
    renderFailingRoute(() => {
      throw new TypeError('Failed to fetch dynamically imported module');
    });
    expect(
      await screen.findByText('Failed to fetch dynamically imported module'),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'Reload page' }),
    ).toBeInTheDocument();
  });
});
