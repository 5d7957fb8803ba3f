import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '../../../testing/render';
import { IosInstallHint, isIosSafari } from './ios-install-hint';

const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const IPHONE_CHROME =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1';
const IPAD_DESKTOP_SITE =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';
const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';

const HINT = /tap Share .* in Safari, then Add to Home Screen/;

function browser(userAgent: string, maxTouchPoints = 5) {
  vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(userAgent);
  // The touch points the device reports (the test DOM reports none).
  Object.defineProperty(navigator, 'maxTouchPoints', {
    value: maxTouchPoints,
    configurable: true,
  });
}

afterEach(() => {
  vi.restoreAllMocks();
  Reflect.deleteProperty(navigator, 'standalone');
  Reflect.deleteProperty(navigator, 'maxTouchPoints');
});

describe('isIosSafari', () => {
  it('knows Safari on an iPhone and on an iPad asking for the desktop site', () => {
    expect(isIosSafari(IPHONE_SAFARI, 5)).toBe(true);
    expect(isIosSafari(IPAD_DESKTOP_SITE, 5)).toBe(true);
  });

  it('leaves out a Mac, other browsers on iOS, and Android', () => {
    expect(isIosSafari(IPAD_DESKTOP_SITE, 0)).toBe(false);
    expect(isIosSafari(IPHONE_CHROME, 5)).toBe(false);
    expect(isIosSafari(ANDROID_CHROME, 5)).toBe(false);
  });
});

describe('IosInstallHint', () => {
  it('tells Safari on an iPhone how to install, and stays away once dismissed', async () => {
    browser(IPHONE_SAFARI);
    const { user, unmount } = renderWithProviders(<IosInstallHint />);
    const hint = screen.getByRole('alert');
    expect(hint).toHaveTextContent(HINT);
    expect(hint).toHaveTextContent('Keep this list on your iPhone');
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText(HINT)).toBeNull();
    unmount();

    // The next visit remembers.
    renderWithProviders(<IosInstallHint />);
    expect(screen.queryByText(HINT)).toBeNull();
  });

  it('says iPad on an iPad', () => {
    browser(IPAD_DESKTOP_SITE);
    renderWithProviders(<IosInstallHint />);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Keep this list on your iPad',
    );
  });

  it('is not shown once opened from the home screen', () => {
    browser(IPHONE_SAFARI);
    Object.defineProperty(navigator, 'standalone', {
      value: true,
      configurable: true,
    });
    renderWithProviders(<IosInstallHint />);
    expect(screen.queryByText(HINT)).toBeNull();
  });

  it('is not shown where the browser offers installing itself, or cannot', () => {
    browser(ANDROID_CHROME);
    const { unmount } = renderWithProviders(<IosInstallHint />);
    expect(screen.queryByText(HINT)).toBeNull();
    unmount();
    browser(IPHONE_CHROME);
    renderWithProviders(<IosInstallHint />);
    expect(screen.queryByText(HINT)).toBeNull();
  });
});
