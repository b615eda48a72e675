import { makeToken } from '../../mocks/db';
import {
  clearSession,
  ensureReqUrl,
  getStoredUser,
  getToken,
  isTokenExpired,
  setStoredUser,
  setToken,
} from '../storage';
import type { User } from '../types';

const alice: User = {
  id: 2,
  fullname: 'Alice Example',
  email: 'alice@example.com',
  user_is_hde: false,
  user_is_admin: false,
  items_per_page: 10,
  language: 'en',
};

describe('storage', () => {
  it('sets reqUrl from configuration when missing and keeps an existing one', () => {
    expect(ensureReqUrl()).toBe(window.location.origin);
    expect(localStorage.getItem('reqUrl')).toBe(window.location.origin);
    localStorage.setItem('reqUrl', 'https://helpdesk.example');
    expect(ensureReqUrl()).toBe('https://helpdesk.example');
  });

  it('keeps userData in localStorage and sessionStorage, token in localStorage', () => {
    setToken('abc');
    setStoredUser(alice);
    expect(JSON.parse(localStorage.getItem('userData') ?? '')).toEqual(alice);
    expect(JSON.parse(sessionStorage.getItem('userData') ?? '')).toEqual(alice);
    expect(getStoredUser()).toEqual(alice);
    clearSession();
    expect(getToken()).toBeNull();
    expect(getStoredUser()).toBeNull();
  });

  it('counts a token as expired when exp is past', () => {
    expect(isTokenExpired(makeToken(1, 3600))).toBe(false);
    expect(isTokenExpired(makeToken(1, -1))).toBe(true);
    expect(isTokenExpired('garbage')).toBe(true);
  });
});
