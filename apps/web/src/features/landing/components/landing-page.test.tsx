import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '../../../testing/render';
import { LandingPage } from './landing-page';

function renderLanding() {
  return renderWithProviders(<LandingPage loginForm={<p>The login form</p>} />);
}

describe('LandingPage', () => {
  it('has one h1 and the sections the top bar points at', () => {
    const { container } = renderLanding();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    for (const id of ['home', 'how-it-works', 'faq', 'contact']) {
      expect(container.querySelector(`#${id}`)).not.toBeNull();
    }
    expect(screen.getByRole('contentinfo')).toHaveAttribute('id', 'contact');
  });

  it('offers the spec’s top bar links and buttons', () => {
    renderLanding();
    const bar = screen.getByRole('banner');
    const link = (name: string) => within(bar).getByRole('link', { name });
    expect(link('Home')).toHaveAttribute('href', '#home');
    expect(link('How it works')).toHaveAttribute('href', '#how-it-works');
    expect(link('FAQ')).toHaveAttribute('href', '#faq');
    expect(link('Contact')).toHaveAttribute('href', '#contact');
    expect(link('Get Started')).toHaveAttribute('href', '/signup');
    expect(
      within(bar).getByRole('button', { name: 'Testimonials' }),
    ).toBeDisabled();
    expect(within(bar).getByRole('button', { name: 'Login' })).toBeEnabled();
  });

  it('has the hero actions', () => {
    renderLanding();
    expect(
      screen.getByRole('link', { name: 'Start Planning' }),
    ).toHaveAttribute('href', '/signup');
    expect(
      screen.getByRole('button', { name: 'See How it Works' }),
    ).toBeInTheDocument();
  });

  /** matchMedia answering true for the given queries only. */
  function mediaMatching(...queries: string[]) {
    const matchMedia = window.matchMedia;
    vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => ({
      ...matchMedia(query),
      matches: queries.some((wanted) => query.includes(wanted)),
    }));
  }

  it('plays a muted, looping background video with a poster on wide screens', () => {
    mediaMatching('min-width: 600px');
    const { container } = renderLanding();
    const video = container.querySelector('video');
    expect(video).not.toBeNull();
    expect(video?.muted).toBe(true);
    expect(video?.loop).toBe(true);
    expect(video?.autoplay).toBe(true);
    expect(video?.getAttribute('poster')).toBe('/media/hero-poster.webp');
  });

  it('shows the poster, and no video, on small screens', () => {
    const { container } = renderLanding();
    expect(container.querySelector('video')).toBeNull();
    expect(
      container.querySelector('img[src="/media/hero-poster.webp"]'),
    ).not.toBeNull();
  });

  it('shows the poster, and no video, when the browser asks to save data', () => {
    mediaMatching('min-width: 600px');
    Object.defineProperty(navigator, 'connection', {
      configurable: true,
      value: { saveData: true },
    });
    try {
      const { container } = renderLanding();
      expect(container.querySelector('video')).toBeNull();
      expect(
        container.querySelector('img[src="/media/hero-poster.webp"]'),
      ).not.toBeNull();
    } finally {
      Reflect.deleteProperty(navigator, 'connection');
    }
  });

  it('keeps the video on its poster when the user prefers reduced motion', () => {
    mediaMatching('min-width: 600px', 'prefers-reduced-motion: reduce');
    const pause = vi.spyOn(HTMLMediaElement.prototype, 'pause');
    const { container } = renderLanding();
    const video = container.querySelector('video');
    expect(video?.autoplay).toBe(false);
    expect(pause).toHaveBeenCalled();
  });

  it('offers “Go to dashboard” instead of Login and Get Started when signed in', () => {
    localStorage.setItem('accessToken', 'a-token');
    renderLanding();
    const bar = within(screen.getByRole('banner'));
    expect(bar.getByRole('link', { name: 'Go to dashboard' })).toHaveAttribute(
      'href',
      '/user/dashboard',
    );
    expect(bar.queryByRole('button', { name: 'Login' })).toBeNull();
    expect(bar.queryByRole('link', { name: 'Get Started' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Start Planning' })).toBeNull();
    expect(
      screen.getAllByRole('link', { name: 'Go to dashboard' }).length,
    ).toBeGreaterThanOrEqual(2);
  });

  it('lists the three steps of How it works', () => {
    const { container } = renderLanding();
    const section = container.querySelector<HTMLElement>('#how-it-works');
    expect(section).not.toBeNull();
    for (const step of [
      'Set Preferences',
      'Get Your Weekly Plan',
      'Shop Smart Cook Easy',
    ]) {
      expect(
        within(section as HTMLElement).getByRole('heading', { name: step }),
      ).toBeInTheDocument();
    }
  });

  it('has four FAQ items that open one at a time', async () => {
    const { container, user } = renderLanding();
    const faq = within(
      container.querySelector<HTMLElement>('#faq') as HTMLElement,
    );
    const [first, , , last, ...rest] = faq.getAllByRole('button', {
      expanded: false,
    });
    expect(rest).toHaveLength(0);
    expect(last).toBeDefined();
    await user.click(first as HTMLElement);
    expect(faq.getAllByRole('button', { expanded: true })).toHaveLength(1);
    expect(faq.getByRole('region')).toBeVisible();
    await user.click(last as HTMLElement);
    expect(faq.getAllByRole('button', { expanded: true })).toHaveLength(1);
    expect(last).toHaveAttribute('aria-expanded', 'true');
  });

  it('has the support e-mail (the server’s SUPPORT_EMAIL) and the legal links in the footer', () => {
    renderLanding();
    const footer = within(screen.getByRole('contentinfo'));
    expect(
      footer.getByRole('link', { name: 'support@platewise.app' }),
    ).toHaveAttribute('href', 'mailto:support@platewise.app');
    expect(footer.getByRole('link', { name: 'Privacy' })).toHaveAttribute(
      'href',
      '/privacy',
    );
    expect(footer.getByRole('link', { name: 'Terms' })).toHaveAttribute(
      'href',
      '/terms',
    );
  });

  it('opens the Login dialog with the login form, and closes it', async () => {
    const { user } = renderLanding();
    await user.click(
      within(screen.getByRole('banner')).getByRole('button', { name: 'Login' }),
    );
    // The dialog's code loads on demand.
    const dialog = await screen.findByRole('dialog', { name: 'Login' });
    expect(
      await within(dialog).findByText('The login form'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await screen.findByRole('banner');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('LandingPage without SUPPORT_EMAIL', () => {
  it('names no address in the footer and says who to ask', () => {
    document.querySelector('meta[name="support-email"]')?.remove();
    renderLanding();
    const footer = within(screen.getByRole('contentinfo'));
    expect(footer.queryByRole('link', { name: /@/ })).toBeNull();
    expect(
      footer.getByText(/no support address has been set up yet/),
    ).toBeInTheDocument();
  });
});
