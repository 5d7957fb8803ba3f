import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';

/**
 * The API as tests see it. Each test declares the answers it relies on with
 * `server.use(...)`; anything else is an error. The one default is the list
 * of sign-in providers, which every login and sign-up form asks for: none
 * unless a test says otherwise.
 */
export const defaultHandlers = [
  http.get('*/api/auth/providers', () => HttpResponse.json({ google: false })),
];

export const server = setupServer(...defaultHandlers);
