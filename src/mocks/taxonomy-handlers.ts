// The classification (docs/api-working.md "Classification", docs/api-overview.md "maintenance"):
// the tree, favourites, the agents' maintenance and a record's nodes, over db.categories as
// server/routes/taxonomy and server/routes/collector keep them.
import type { ObjectType } from '../features/records/types';
import { refused, requireChangeable, requireReadable, NOT_FOUND } from './access';
import {
  categoryById,
  childrenOf,
  compare,
  descendantsOf,
  recordNodes,
  taxonomyNode,
} from './category-data';
import { adminsOnly } from './admin-handlers';
import { db, logEvent } from './db';
import { authed, bodyOf, fail, http, ok } from './http';
import { fold } from './records-data';

const DUPLICATE_NAME = 'A category with this name already exists here.';
const PARENT_MESSAGE = 'Choose a parent category.';
const notFound = () => fail(404, 'Not Found', NOT_FOUND);
const invalid = (fields: Record<string, string>) =>
  fail(400, 'Bad Request', 'Validation failed', fields);
const duplicate = () => fail(409, 'Conflict', DUPLICATE_NAME, { category_name: DUPLICATE_NAME });

const siblingHasName = (parent: number | null, name: string, except = 0) =>
  db.categories.some(
    (c) => c.parent_id === parent && c.id !== except && c.name.toLowerCase() === name.toLowerCase(),
  );

export function taxonomyHandlers() {
  const perKind = (['ticket', 'content'] as const).flatMap((path) => {
    const type: ObjectType = path === 'ticket' ? 'T' : 'C';
    return [
      http.get(
        `/api/${path}/{id}/classification/` as const,
        authed((user, { params }) => {
          // Part of reading a searchable article.
          const record = requireReadable(user, type, Number(params.id), { readers: true });
          return refused(record) ? record : ok(recordNodes(record.id));
        }),
      ),
      http.put(
        `/api/${path}/{id}/classification/` as const,
        authed(async (user, { request, params }) => {
          const record = requireChangeable(user, type, Number(params.id));
          if (refused(record)) return record;
          const ids = [...new Set((await bodyOf(request)).category_ids as number[])];
          if (ids.some((id) => !categoryById(id))) {
            return invalid({ category_ids: 'Choose categories from the classification.' });
          }
          const before = db.recordCategories.filter((l) => l.record_id === record.id);
          const changed =
            before.length !== ids.length || before.some((l) => !ids.includes(l.category_id));
          db.recordCategories = [
            ...db.recordCategories.filter((l) => l.record_id !== record.id),
            ...ids.map((category_id) => ({ record_id: record.id, category_id })),
          ];
          const nodes = recordNodes(record.id);
          if (changed) {
            logEvent(record.id, user.id, 'classified', {
              names: nodes.map((n) => n.category_name),
            });
          }
          return ok(nodes);
        }),
      ),
    ];
  });

  return [
    ...perKind,
    http.get(
      '/api/classification/',
      authed(() => ok(childrenOf(null).map((c) => ({ ...taxonomyNode(c), children: [] })))),
    ),
    http.get(
      '/api/classification/sub-nodes/{id}',
      authed((_user, { params }) => {
        const parent = categoryById(Number(params.id));
        return parent ? ok(childrenOf(parent.id).map(taxonomyNode)) : notFound();
      }),
    ),
    http.get(
      '/api/classification/by-name/{name}',
      authed((_user, { params }) => {
        const wanted = fold(String(params.name).trim());
        return ok(
          db.categories
            .filter((c) => fold(c.name).includes(wanted))
            .sort((a, b) => compare(a.name, b.name) || a.id - b.id)
            .slice(0, 50)
            .map(taxonomyNode),
        );
      }),
    ),
    http.get(
      '/api/classification/favorite',
      authed((user) =>
        ok(
          db.favorites
            .filter((f) => f.user_id === user.id)
            .map((f) => categoryById(f.category_id))
            .filter((c) => c !== undefined)
            .map(taxonomyNode),
        ),
      ),
    ),
    http.post(
      '/api/classification/favorite',
      authed(async (user, { request }) => {
        const node = categoryById(Number((await bodyOf(request)).category_id));
        if (!node) return notFound();
        if (db.favorites.some((f) => f.user_id === user.id && f.category_id === node.id)) {
          return fail(409, 'Conflict', 'This category is already a favourite.');
        }
        db.favorites.push({ user_id: user.id, category_id: node.id });
        return ok(taxonomyNode(node));
      }),
    ),
    http.delete(
      '/api/classification/favorite/{category_id}',
      authed((user, { params }) => {
        const id = Number(params.category_id);
        const mine = (f: { user_id: number; category_id: number }) =>
          f.user_id === user.id && f.category_id === id;
        if (!db.favorites.some(mine)) return notFound();
        db.favorites = db.favorites.filter((f) => !mine(f));
        return ok({ category_id: id });
      }),
    ),

    // Maintenance (agents).
    http.post(
      '/api/classification/',
      adminsOnly(async (_user, { request }) => {
        const body = await bodyOf(request);
        const name = String(body.category_name).trim();
        const parent = (body.parent_id as number | null | undefined) ?? null;
        if (parent !== null && !categoryById(parent)) return invalid({ parent_id: PARENT_MESSAGE });
        if (siblingHasName(parent, name)) return duplicate();
        const siblings = db.categories.filter((c) => c.parent_id === parent);
        const node = {
          id: db.nextCategoryId++,
          parent_id: parent,
          name,
          sort_order: Math.max(0, ...siblings.map((c) => c.sort_order)) + 1,
        };
        db.categories.push(node);
        return ok(taxonomyNode(node));
      }),
    ),
    http.put(
      '/api/classification/{id}',
      adminsOnly(async (_user, { request, params }) => {
        const node = categoryById(Number(params.id));
        if (!node) return notFound();
        const body = await bodyOf(request);
        const name =
          body.category_name === undefined ? node.name : String(body.category_name).trim();
        const parent =
          body.parent_id === undefined ? node.parent_id : (body.parent_id as number | null);
        if (parent !== null) {
          if (parent === node.id || descendantsOf(node.id).includes(parent)) {
            return invalid({
              parent_id: 'A category cannot move under itself or its sub-categories.',
            });
          }
          if (!categoryById(parent)) return invalid({ parent_id: PARENT_MESSAGE });
        }
        if (siblingHasName(parent, name, node.id)) return duplicate();
        node.name = name;
        node.parent_id = parent;
        return ok(taxonomyNode(node));
      }),
    ),
    http.delete(
      '/api/classification/{id}',
      adminsOnly((_user, { params }) => {
        const id = Number(params.id);
        if (!categoryById(id)) return notFound();
        const used = db.recordCategories.filter((l) => l.category_id === id).length;
        if (used > 0) {
          const n = used === 1 ? '1 record' : `${used} records`;
          return fail(409, 'Conflict', `This category is used by ${n} and cannot be deleted.`);
        }
        if (db.categories.some((c) => c.parent_id === id)) {
          return fail(409, 'Conflict', 'This category has sub-categories and cannot be deleted.');
        }
        db.categories = db.categories.filter((c) => c.id !== id);
        db.favorites = db.favorites.filter((f) => f.category_id !== id);
        return ok({ category_id: id });
      }),
    ),
  ];
}
