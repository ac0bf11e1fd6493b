import { describe, expect, it } from 'vitest';
import {
  clearSession,
  getRefreshToken,
  getToken,
  isRemembered,
  REFRESH_TOKEN_KEY,
  setTokens,
  startSession,
  TOKEN_KEY,
} from '@/lib/auth/token-storage';

describe('the token storage', () => {
  it('keeps a remembered session in localStorage', () => {
    startSession('a', 'r', true);
    expect(window.localStorage.getItem(TOKEN_KEY)).toBe('a');
    expect(window.sessionStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(isRemembered()).toBe(true);
  });

  it('keeps a session without "remember me" in the tab, and renews it there', () => {
    window.localStorage.setItem(TOKEN_KEY, 'old-remembered');
    startSession('a', 'r', false);
    expect(window.localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(window.sessionStorage.getItem(TOKEN_KEY)).toBe('a');
    expect(isRemembered()).toBe(false);
    setTokens('b', 'r2');
    expect(window.sessionStorage.getItem(TOKEN_KEY)).toBe('b');
    expect(window.sessionStorage.getItem(REFRESH_TOKEN_KEY)).toBe('r2');
    expect(window.localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(getToken()).toBe('b');
    expect(getRefreshToken()).toBe('r2');
  });

  it('forgets both areas on sign-out', () => {
    window.localStorage.setItem(TOKEN_KEY, 'x');
    window.sessionStorage.setItem(TOKEN_KEY, 'y');
    clearSession();
    expect(window.localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(window.sessionStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(getToken()).toBeNull();
  });
});
