import { lazyPage } from '../lib/lazy-page';
import type { RouteRow } from './route-types';

/** Public routes under /auth (shown in the auth layout). */
export const authRoutes: RouteRow[] = [
  { path: 'login', page: lazyPage(() => import('../features/auth/pages/login-page')) },
  { path: 'register', page: lazyPage(() => import('../features/auth/pages/register-page')) },
  { path: 'confirm', page: lazyPage(() => import('../features/auth/pages/confirm-page')) },
  {
    path: 'forget-password',
    page: lazyPage(() => import('../features/auth/pages/forget-password-page')),
  },
  {
    path: 'reset-password',
    page: lazyPage(() => import('../features/auth/pages/reset-password-page')),
  },
  { path: 'lock-screen', page: lazyPage(() => import('../features/auth/pages/lock-screen-page')) },
  {
    path: 'two-step-setup',
    page: lazyPage(() => import('../features/auth/pages/two-step-setup-page')),
  },
  { path: 'sso', page: lazyPage(() => import('../features/sso/pages/sso-callback-page')) },
  { path: 'logout', page: lazyPage(() => import('../features/auth/pages/logout-page')) },
];
