import { lazy, Suspense, useEffect } from 'react';
import type { ReactNode } from 'react';
import { matchPath, Navigate, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { hdeRoutes, layoutRoutes, mainMenu } from '../routes/private-routes';
import { authRoutes } from '../routes/public-routes';
import { lazyPage } from '../lib/lazy-page';
import { visibleRows } from '../routes/route-types';
import type { MenuRow, RouteRow } from '../routes/route-types';
import { PageLoader } from '../layouts/page-loader';
import { requestFirstScreen } from './first-screen';
import { setCurrentPath, setNavigator } from '../lib/navigation';
import { preLoginRequested } from '../lib/session';
import { getStoredUser, hasValidToken } from '../lib/storage';
import { useAppDispatch, useAppSelector } from './hooks';

const AuthLayout = lazyPage(() => import('../layouts/auth-layout'));
const VerticalLayout = lazyPage(() => import('../layouts/vertical-layout'));
const HorizontalLayout = lazyPage(() => import('../layouts/horizontal-layout'));
const NotFoundPage = lazy(() => import('../features/errors/pages/not-found-page'));
const AccessDeniedPage = lazy(() => import('../features/errors/pages/access-denied-page'));
const JwtTokenPage = lazy(() => import('../features/auth/pages/jwt-token-page'));

/**
 * Starts loading the first screen's layout and page as the app starts, together, instead of
 * one after the other as React reaches each lazy component (two round trips off the first
 * paint of a signed-in page on a slow network), and the page's first call where its row names
 * one (`firstData`), which would otherwise wait for the page to load and render. Resolves once
 * the layout's and page's code is here (or failed to load) and that call's answer is in the
 * store (or FIRST_DATA_WAIT_MS have passed): the first render then builds the whole screen with
 * its data at once, with no fallback and no empty frame to hold it back.
 */
export async function preloadFirstScreen(
  url: string,
  layoutType: string,
  store: Parameters<typeof requestFirstScreen>[0],
): Promise<void> {
  const { pathname, search, searchParams } = new URL(url, window.location.origin);
  const find = (rows: RouteRow[], base: string) =>
    rows.find((row) => matchPath(`${base}${row.path}`, pathname));
  const auth = find(authRoutes, '/auth/');
  if (auth) {
    await Promise.all([AuthLayout.preload(), auth.page.preload()]);
    return;
  }
  if (!hasValidToken()) return;
  // The router's own gate: a helpdesk-only page is not there for a regular user.
  const row = find(visibleRows([...layoutRoutes, ...hdeRoutes], getStoredUser()), '/');
  if (!row) return;
  // A session refused before the router runs returns the user here after signing in.
  setCurrentPath(`${pathname}${search}`);
  // The data first: its chunk is then ahead of the page's ~30 in the browser's queue, and the
  // call runs while they load.
  const data = row.firstData?.(searchParams);
  const layout = (layoutType === 'horizontal' ? HorizontalLayout : VerticalLayout).preload();
  const [first] = await Promise.all([data, layout, row.page.preload()]);
  if (first) await requestFirstScreen(store, first);
}

/** Captures the router's navigate (and the current path) for sagas. */
export function NavigationBridge() {
  const navigate = useNavigate();
  const location = useLocation();
  useEffect(() => {
    setNavigator(navigate);
    return () => setNavigator(null);
  }, [navigate]);
  useEffect(() => {
    setCurrentPath(`${location.pathname}${location.search}`);
  }, [location.pathname, location.search]);
  return null;
}

/** Private routes: no token or an expired token starts the pre-login redirect. */
function RequireAuth({ children }: { children: ReactNode }) {
  const dispatch = useAppDispatch();
  const location = useLocation();
  const valid = hasValidToken();
  const from = `${location.pathname}${location.search}`;
  useEffect(() => {
    if (!valid) dispatch(preLoginRequested({ from }));
  }, [valid, from, dispatch]);
  return valid ? children : <PageLoader />;
}

function SignedInLayout({ menu }: { menu: MenuRow[] }) {
  const layoutType = useAppSelector((state) => state.layout.layoutType);
  const Layout = layoutType === 'horizontal' ? HorizontalLayout : VerticalLayout;
  return (
    <RequireAuth>
      <Layout menu={menu} />
    </RequireAuth>
  );
}

function page(row: RouteRow) {
  const Page = row.page;
  return <Route key={row.path} path={row.path} element={<Page />} />;
}

export interface AppRouterProps {
  /** Public rows under /auth. */
  authRows?: RouteRow[];
  /** Signed-in rows (hde-only rows included, marked hdeOnly). */
  privateRows?: RouteRow[];
  menu?: MenuRow[];
}

/** The route tables become routes; hde-only rows are absent unless the user is a helpdesk user. */
export function AppRouter({
  authRows = authRoutes,
  privateRows = [...layoutRoutes, ...hdeRoutes],
  menu = mainMenu,
}: AppRouterProps) {
  const user = useAppSelector((state) => state.auth.user);
  return (
    <Suspense fallback={<PageLoader />}>
      <NavigationBridge />
      <Routes>
        <Route path="/" element={<Navigate to="/home" replace />} />
        <Route path="/auth" element={<AuthLayout />}>
          <Route index element={<Navigate to="/auth/login" replace />} />
          {authRows.map(page)}
        </Route>
        <Route path="/jwt-token" element={<JwtTokenPage />} />
        <Route path="/access-denied" element={<AccessDeniedPage />} />
        <Route element={<SignedInLayout menu={visibleRows(menu, user)} />}>
          {visibleRows(privateRows, user).map(page)}
        </Route>
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </Suspense>
  );
}
