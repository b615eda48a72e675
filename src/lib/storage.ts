import type { User } from './types';

export const STORAGE_KEYS = {
  reqUrl: 'reqUrl',
  userData: 'userData',
  token: 'token',
} as const;

function configuredReqUrl(): string {
  const fromEnv = import.meta.env.VITE_REQ_URL as string | undefined;
  return fromEnv && fromEnv.length > 0 ? fromEnv : window.location.origin;
}

/** Sets localStorage reqUrl from configuration when it is missing; returns it. */
export function ensureReqUrl(): string {
  const existing = localStorage.getItem(STORAGE_KEYS.reqUrl);
  if (existing) return existing;
  const url = configuredReqUrl();
  localStorage.setItem(STORAGE_KEYS.reqUrl, url);
  return url;
}

export function getReqUrl(): string {
  return (localStorage.getItem(STORAGE_KEYS.reqUrl) ?? configuredReqUrl()).replace(/\/+$/, '');
}

export function getToken(): string | null {
  return localStorage.getItem(STORAGE_KEYS.token);
}

export function setToken(token: string): void {
  localStorage.setItem(STORAGE_KEYS.token, token);
}

export function clearToken(): void {
  localStorage.removeItem(STORAGE_KEYS.token);
}

function parseUser(raw: string | null): User | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (value && typeof value === 'object' && 'email' in value) return value as User;
    return null;
  } catch {
    return null;
  }
}

export function getStoredUser(): User | null {
  return (
    parseUser(sessionStorage.getItem(STORAGE_KEYS.userData)) ??
    parseUser(localStorage.getItem(STORAGE_KEYS.userData))
  );
}

/** The user is kept under userData in localStorage and in sessionStorage. */
export function setStoredUser(user: User): void {
  const json = JSON.stringify(user);
  localStorage.setItem(STORAGE_KEYS.userData, json);
  sessionStorage.setItem(STORAGE_KEYS.userData, json);
}

export function clearSession(): void {
  localStorage.removeItem(STORAGE_KEYS.token);
  localStorage.removeItem(STORAGE_KEYS.userData);
  sessionStorage.removeItem(STORAGE_KEYS.userData);
}

/** A JWT's claims (its middle part, base64url JSON); throws when the token is malformed. */
function jwtClaims(token: string): { exp?: unknown } {
  const part = token.split('.')[1];
  if (!part) throw new Error('not a JWT');
  const base64 = part.replace(/-/g, '+').replace(/_/g, '/');
  const claims: unknown = JSON.parse(atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '=')));
  if (!claims || typeof claims !== 'object') throw new Error('not a JWT');
  return claims;
}

/** A token counts as expired when its exp claim is in the past (or it cannot be decoded). */
export function isTokenExpired(token: string, now: number = Date.now()): boolean {
  try {
    const { exp } = jwtClaims(token);
    if (typeof exp !== 'number') return false;
    return exp * 1000 <= now;
  } catch {
    return true;
  }
}

export function hasValidToken(): boolean {
  const token = getToken();
  return token !== null && !isTokenExpired(token);
}

/** sessionStorage key: the page the user was on when the idle lock started. */
export const LOCK_FROM_KEY = 'lockFrom';
