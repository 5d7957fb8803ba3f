import { describe, expect, it } from 'vitest';

import {
  clearTokens,
  getAccessToken,
  getRefreshToken,
  setTokens,
} from './auth-storage';

describe('auth storage', () => {
  it('stores and clears both tokens in localStorage', () => {
    expect(getAccessToken()).toBeNull();
    setTokens({ accessToken: 'a1', refreshToken: 'r1' });
    expect(localStorage.getItem('accessToken')).toBe('a1');
    expect(getAccessToken()).toBe('a1');
    expect(getRefreshToken()).toBe('r1');
    clearTokens();
    expect(getAccessToken()).toBeNull();
    expect(getRefreshToken()).toBeNull();
  });

  it('keeps the refresh token when only an access token arrives', () => {
    setTokens({ accessToken: 'a1', refreshToken: 'r1' });
    setTokens({ accessToken: 'a2' });
    expect(getAccessToken()).toBe('a2');
    expect(getRefreshToken()).toBe('r1');
  });

  it('reads the auth_token cookie before localStorage', () => {
    setTokens({ accessToken: 'from-storage' });
    document.cookie = 'other=x; path=/';
    document.cookie = 'auth_token=from%20cookie; path=/';
    expect(getAccessToken()).toBe('from cookie');
    clearTokens();
    expect(getAccessToken()).toBeNull();
  });
});
