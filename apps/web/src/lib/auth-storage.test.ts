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

  it('never reads an auth_token cookie, signed in or not', () => {
    // The server sets no such cookie, so one is always planted (issue 16
    // point 6): it must neither replace nor stand in for the stored token.
    document.cookie = 'auth_token=planted; path=/';
    expect(getAccessToken()).toBeNull();
    setTokens({ accessToken: 'mine', refreshToken: 'r1' });
    expect(getAccessToken()).toBe('mine');
    clearTokens();
    expect(getAccessToken()).toBeNull();
  });
});
