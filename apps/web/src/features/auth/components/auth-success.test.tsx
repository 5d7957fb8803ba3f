import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';

import { server } from '../../../testing/msw/server';
import { renderApp } from '../../../testing/render';

const STATE = 'state-of-this-tab';
const payload = {
  accessToken: 'access-1',
  refreshToken: 'refresh-1',
  userData: { id: 'u-1', firstName: 'Lin', email: 'lin@example.com' },
  state: STATE,
};
const { state: _state, ...exchanged } = payload;

describe('/auth/success?code= (our server)', () => {
  it('trades the code by POST and signs in with the answer', async () => {
    let sent: unknown;
    server.use(
      http.post('*/api/auth/google/exchange', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json(exchanged);
      }),
    );
    const { router, store } = renderApp('/auth/success?code=one-time-code-123');
    await screen.findByRole('heading', { name: 'Your Dashboard' });
    expect(sent).toEqual({ code: 'one-time-code-123' });
    expect(router.state.location.search).toBe('');
    expect(localStorage.getItem('accessToken')).toBe('access-1');
    expect(store.getState().user.userData).toEqual(payload.userData);
  });

  it('goes to /login and stores nothing when the server refuses the code', async () => {
    server.use(
      http.post('*/api/auth/google/exchange', () =>
        HttpResponse.json({ error: 'Google sign-in failed' }, { status: 401 }),
      ),
    );
    const { router } = renderApp('/auth/success?code=someone-elses-code');
    await screen.findByRole('heading', { name: 'Welcome back' });
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem('accessToken')).toBeNull();
  });
});

describe('/auth/success?code= from a household invitation link (issue 18)', () => {
  const LINK = '/household/join?token=tok_123';

  beforeEach(() => {
    // The tab pressed "Continue with Google" on the invitation's login page.
    sessionStorage.setItem('googleSignInInvitation', LINK);
  });

  function answering(household?: { joined: boolean; message: string }) {
    const sent: unknown[] = [];
    server.use(
      http.post('*/api/auth/google/exchange', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json(
          household ? { ...exchanged, household } : exchanged,
        );
      }),
    );
    return sent;
  }

  it('sends the token along; a Google sign-up that joined says so on the dashboard', async () => {
    const sent = answering({
      joined: true,
      message: 'Welcome to the household: you now share its plan and list.',
    });
    const { router } = renderApp('/auth/success?code=one-time-code-123');
    expect(
      await screen.findByText(
        'Welcome to the household: you now share its plan and list.',
      ),
    ).toBeVisible();
    await screen.findByRole('heading', { name: 'Your Dashboard' });
    expect(sent).toEqual([
      { code: 'one-time-code-123', invitationToken: 'tok_123' },
    ]);
    expect(router.state.location.pathname).toBe('/user/dashboard');
    expect(sessionStorage.getItem('googleSignInInvitation')).toBeNull();
  });

  it('says why a Google sign-up did not join', async () => {
    answering({
      joined: false,
      message:
        'This invitation was sent to kim@example.com. Log in with that address to accept it.',
    });
    const { router } = renderApp('/auth/success?code=one-time-code-123');
    expect(
      await screen.findByText(
        'This invitation was sent to kim@example.com. Log in with that address to accept it.',
      ),
    ).toBeVisible();
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/user/dashboard'),
    );
  });

  it('takes an account that existed back to the invitation, to confirm there', async () => {
    answering();
    const { router } = renderApp('/auth/success?code=one-time-code-123');
    await screen.findByRole('button', { name: 'Join Household' });
    expect(router.state.location.pathname).toBe('/household/join');
    expect(router.state.location.search).toBe('?token=tok_123');
  });

  it('sends nothing but the code for a kept value that is not an invitation link', async () => {
    sessionStorage.setItem('googleSignInInvitation', 'https://evil.example/');
    const sent = answering();
    const { router } = renderApp('/auth/success?code=one-time-code-123');
    await screen.findByRole('heading', { name: 'Your Dashboard' });
    expect(sent).toEqual([{ code: 'one-time-code-123' }]);
    expect(router.state.location.pathname).toBe('/user/dashboard');
  });
});

describe('/auth/success?data= (the spec’s shape)', () => {
  // The tab clicked "Continue with Google" (google-sign-in-button.tsx).
  beforeEach(() => {
    sessionStorage.setItem('googleSignInState', STATE);
  });

  it('stores nothing from a link this browser did not start (login CSRF)', async () => {
    sessionStorage.clear();
    const data = encodeURIComponent(JSON.stringify(payload));
    const { router, store } = renderApp(`/auth/success?data=${data}`);
    await screen.findByRole('heading', { name: 'Welcome back' });
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(store.getState().user.userData).toBeNull();
  });

  it('stores nothing for data with another state, and the state is used up', async () => {
    const data = encodeURIComponent(
      JSON.stringify({ ...payload, state: 'the-attackers-state' }),
    );
    const { router } = renderApp(`/auth/success?data=${data}`);
    await screen.findByRole('heading', { name: 'Welcome back' });
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(sessionStorage.getItem('googleSignInState')).toBeNull();
  });

  it('stores both tokens and the user, then opens the dashboard', async () => {
    const data = encodeURIComponent(JSON.stringify(payload));
    const { router, store } = renderApp(`/auth/success?data=${data}`);
    await screen.findByRole('heading', { name: 'Your Dashboard' });
    expect(router.state.location.pathname).toBe('/user/dashboard');
    expect(router.state.location.search).toBe('');
    expect(localStorage.getItem('accessToken')).toBe('access-1');
    expect(localStorage.getItem('refreshToken')).toBe('refresh-1');
    expect(store.getState().user.userData).toEqual(payload.userData);
  });

  it('replaces its own address, so the tokens leave the history', async () => {
    const data = encodeURIComponent(JSON.stringify(payload));
    const { router } = renderApp(`/auth/success?data=${data}`);
    await screen.findByRole('heading', { name: 'Your Dashboard' });
    expect(router.state.historyAction).toBe('REPLACE');
    // Back from the dashboard does not return to the address with the tokens.
    await router.navigate(-1);
    expect(router.state.location.search).not.toContain('data=');
  });

  it('remembers the Google e-mail, so the login form can point to Google', async () => {
    const data = encodeURIComponent(
      JSON.stringify({
        ...payload,
        userData: { ...payload.userData, email: 'Lin@Example.com' },
      }),
    );
    renderApp(`/auth/success?data=${data}`);
    await screen.findByRole('heading', { name: 'Your Dashboard' });
    expect(localStorage.getItem('googleLoginEmail')).toBe('lin@example.com');
  });

  it('does not for an account that also has a password', async () => {
    localStorage.setItem('googleLoginEmail', 'lin@example.com');
    const data = encodeURIComponent(
      JSON.stringify({
        ...payload,
        userData: { ...payload.userData, hasPassword: true },
      }),
    );
    renderApp(`/auth/success?data=${data}`);
    await screen.findByRole('heading', { name: 'Your Dashboard' });
    expect(localStorage.getItem('googleLoginEmail')).toBeNull();
  });

  it('accepts the JSON encoded twice', async () => {
    const data = encodeURIComponent(
      encodeURIComponent(JSON.stringify(payload)),
    );
    const { router } = renderApp(`/auth/success?data=${data}`);
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/user/dashboard'),
    );
  });

  it('goes to /login with unparsable data and stores nothing', async () => {
    const { router, store } = renderApp('/auth/success?data=%7Bnot-json');
    await screen.findByRole('heading', { name: 'Welcome back' });
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(store.getState().user.userData).toBeNull();
    expect(
      screen.getByText('Google sign-in failed. Please try again.'),
    ).toBeInTheDocument();
  });

  it('goes to /login with JSON that lacks the tokens', async () => {
    const data = encodeURIComponent(
      JSON.stringify({ userData: payload.userData }),
    );
    const { router } = renderApp(`/auth/success?data=${data}`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('without data goes to /login when no token is stored', async () => {
    const { router } = renderApp('/auth/success');
    await screen.findByRole('heading', { name: 'Welcome back' });
    expect(router.state.location.pathname).toBe('/login');
  });

  it('without data goes to /user/dashboard when a token is stored', async () => {
    localStorage.setItem('accessToken', 'stored');
    const { router } = renderApp('/auth/success', {
      preloadedState: { user: { userData: payload.userData } },
    });
    await screen.findByRole('heading', { name: 'Your Dashboard' });
    expect(router.state.location.pathname).toBe('/user/dashboard');
  });
});
