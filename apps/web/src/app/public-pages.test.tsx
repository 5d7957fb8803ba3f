import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderApp } from '../testing/render';

/** Issue 11 "Across the app": public pages, skip link, focus, support address. */

const PUBLIC_PAGES = [
  ['/contact', 'Contact support'],
  ['/privacy', 'Privacy Policy'],
  ['/terms', 'Terms of Service'],
  ['/no-such-page', 'This page is not on the menu'],
] as const;

async function pageHeading(name: string) {
  return screen.findByRole('heading', { level: 1, name });
}

describe('the public pages’ header', () => {
  it.each(PUBLIC_PAGES)(
    '%s offers Log in and Sign up when signed out',
    async (path, title) => {
      renderApp(path);
      await pageHeading(title);
      const banner = within(screen.getByRole('banner'));
      expect(banner.getByRole('link', { name: 'Log in' })).toHaveAttribute(
        'href',
        '/login',
      );
      expect(banner.getByRole('link', { name: 'Sign up' })).toHaveAttribute(
        'href',
        '/signup',
      );
      expect(
        banner.queryByRole('link', { name: 'Go to dashboard' }),
      ).toBeNull();
    },
  );

  it.each(PUBLIC_PAGES)(
    '%s offers “Go to dashboard” instead when signed in',
    async (path, title) => {
      localStorage.setItem('accessToken', 'a-token');
      renderApp(path);
      await pageHeading(title);
      const banner = within(screen.getByRole('banner'));
      expect(
        banner.getByRole('link', { name: 'Go to dashboard' }),
      ).toHaveAttribute('href', '/user/dashboard');
      expect(banner.queryByRole('link', { name: 'Log in' })).toBeNull();
      expect(banner.queryByRole('link', { name: 'Sign up' })).toBeNull();
    },
  );
});

describe('the skip link', () => {
  it.each(['/', '/contact', '/login', '/signup'])(
    'is the first thing Tab reaches on %s and moves focus to the main content',
    async (path) => {
      const { user } = renderApp(path);
      await screen.findByRole('heading', { level: 1 });
      await user.tab();
      const skip = screen.getByRole('link', { name: 'Skip to main content' });
      expect(skip).toHaveFocus();
      await user.keyboard('{Enter}');
      expect(screen.getByRole('main')).toHaveFocus();
    },
  );
});

describe('focus after navigation', () => {
  it('moves to the new page’s heading, not on the first load', async () => {
    const { user } = renderApp('/contact');
    const contact = await pageHeading('Contact support');
    expect(contact).not.toHaveFocus();
    await user.click(
      within(screen.getByRole('contentinfo')).getByRole('link', {
        name: 'Privacy',
      }),
    );
    const privacy = await pageHeading('Privacy Policy');
    await waitFor(() => expect(privacy).toHaveFocus());
    // Focusable by script only: not an extra Tab stop.
    expect(privacy).toHaveAttribute('tabindex', '-1');
  });

  it('stays put when only the query or hash changes', async () => {
    const { router } = renderApp('/privacy');
    const heading = await pageHeading('Privacy Policy');
    await router.navigate('/privacy#rights');
    expect(heading).not.toHaveFocus();
  });
});

describe('the support address (SUPPORT_EMAIL)', () => {
  it('is what the server wrote into the page, on the legal pages too', async () => {
    document
      .querySelector('meta[name="support-email"]')
      ?.setAttribute('content', 'help@meals.example');
    renderApp('/privacy');
    await pageHeading('Privacy Policy');
    const links = screen.getAllByRole('link', { name: 'help@meals.example' });
    expect(links[0]).toHaveAttribute(
      'href',
      'mailto:help@meals.example?subject=Privacy%20request',
    );
  });

  it('is replaced by a plain note when the operator set none', async () => {
    document.querySelector('meta[name="support-email"]')?.remove();
    renderApp('/contact');
    await pageHeading('Contact support');
    expect(
      screen.getByRole('heading', { name: 'No support address yet' }),
    ).toBeInTheDocument();
    expect(
      screen.queryByRole('link', { name: 'Write an e-mail' }),
    ).not.toBeInTheDocument();
  });

  it.each([
    ['/privacy', 'Privacy Policy'],
    ['/terms', 'Terms of Service'],
  ])('%s tells the operator what to fill in', async (path, title) => {
    renderApp(path);
    await pageHeading(title);
    const notice = screen.getByRole('complementary', {
      name: 'For the operator of this instance',
    });
    expect(within(notice).getByText(/SUPPORT_EMAIL/)).toBeInTheDocument();
    expect(within(notice).getByText(/postal address/)).toBeInTheDocument();
  });
});

describe('focus after navigation while typing', () => {
  it('stays in the text field that opened another page', async () => {
    const { user, router } = renderApp('/contact');
    await pageHeading('Contact support');
    const field = document.createElement('input');
    document.body.append(field);
    try {
      await user.click(field);
      await router.navigate('/privacy');
      await pageHeading('Privacy Policy');
      expect(field).toHaveFocus();
    } finally {
      field.remove();
    }
  });
});
