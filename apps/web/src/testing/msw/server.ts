import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';

/**
 * The API as tests see it. Each test declares the answers it relies on with
 * `server.use(...)`; anything else is an error. The defaults are the list
 * of sign-in providers, which every login and sign-up form asks for (none
 * unless a test says otherwise), and the meal plan the dashboard reads, where
 * every sign-in lands (none yet, as for a new user).
 */
export const defaultHandlers = [
  http.get('*/api/auth/providers', () => HttpResponse.json({ google: false })),
  http.get('*/api/preferences/user-meal-plan', () =>
    HttpResponse.json(
      { error: 'No meal plan yet. Save your settings to generate one.' },
      { status: 404 },
    ),
  ),
];

export const server = setupServer(...defaultHandlers);
