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

  it('prefers the token in localStorage over an auth_token cookie', () => {
    // A sibling subdomain or a plain-HTTP answer can plant this cookie on our
    // origin (issue 9 point 6): it must not replace the signed-in token.
    setTokens({ accessToken: 'mine', refreshToken: 'r1' });
    document.cookie = 'auth_token=planted; path=/';
    expect(getAccessToken()).toBe('mine');
  });

  it('reads the auth_token cookie only when localStorage holds no token', () => {
    document.cookie = 'other=x; path=/';
    document.cookie = 'auth_token=from%20cookie; path=/';
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(getAccessToken()).toBe('from cookie');
    clearTokens();
    expect(getAccessToken()).toBeNull();
  });
});
