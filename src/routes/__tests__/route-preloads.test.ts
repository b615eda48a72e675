// The build reads the route tables' source to know each route's page (route-preloads.build.ts):
// it must find every row the tables export, or a route's HTML would go without its preloads.
import fs from 'node:fs';
import { hdeRoutes, layoutRoutes } from '../private-routes';
import { authRoutes } from '../public-routes';
import { routeRows, sagaLoaders } from '../route-preloads.build';

const rowsOf = (file: string) => routeRows(fs.readFileSync(file, 'utf8'), file);

describe('route preloads at build time', () => {
  it("finds every route of the tables, each with its page's source file", () => {
    const privateRows = rowsOf('src/routes/private-routes.ts');
    expect(privateRows.map((r) => r.path)).toEqual(
      [...layoutRoutes, ...hdeRoutes].map((r) => r.path),
    );
    const publicRows = rowsOf('src/routes/public-routes.ts');
    expect(publicRows.map((r) => r.path)).toEqual(authRoutes.map((r) => r.path));
    for (const row of [...privateRows, ...publicRows]) {
      expect(fs.existsSync(row.module), row.module).toBe(true);
    }
  });

  it("finds the saga each page's first call needs, so it is fetched with the page", () => {
    const file = 'src/app/saga-loaders.ts';
    const loaders = sagaLoaders(fs.readFileSync(file, 'utf8'), file);
    expect([...loaders.keys()]).toEqual(['loadRecordsSaga', 'loadHomeSaga']);
    for (const module of loaders.values()) expect(fs.existsSync(module), module).toBe(true);
    const rows = rowsOf('src/routes/private-routes.ts');
    const loaderOf = (p: string) => rows.find((r) => r.path === p)?.sagaLoader;
    expect(loaderOf('ticket/my_ticket/details')).toBe('loadRecordsSaga');
    expect(loaderOf('hd_ticket/details')).toBe('loadRecordsSaga');
    expect(loaderOf('home')).toBe('loadHomeSaga');
    expect(loaderOf('profile')).toBeUndefined();
    // Every page with a first call names the saga that makes it.
    for (const route of [...layoutRoutes, ...hdeRoutes].filter((r) => r.firstData)) {
      expect(loaders.has(loaderOf(route.path) ?? ''), route.path).toBe(true);
    }
  });
});
