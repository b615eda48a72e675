// What the record view's one call reads (routes.ts), also run directly by the bench as its floor.
import type { Db } from '../../db/pool.js';
import { onOneConnection, together } from '../../db/transaction.js';
import type { ObjectType } from '../records/kinds.js';
import { getRecord } from '../records/sql.js';
import type { Viewer } from '../records/visibility.js';
import { relatedList } from '../relations/sql.js';
import { sharedWith } from '../sharing/sql.js';
import { recordNodes } from '../taxonomy/sql.js';
import * as sql from './sql.js';

/**
 * The record as the viewer may see it, then its parts sent together on the same connection: two
 * round trips on one connection (the parts used to take a connection each). Undefined when the
 * viewer may not read it. Readers of searchable content get no thread, history or sharing.
 */
export async function readDetails(
  db: Db,
  viewer: Viewer,
  type: ObjectType,
  id: number,
  before?: sql.Cursor,
) {
  return onOneConnection(db, async (c) => {
    const row = await getRecord(c, viewer, type, id, { readers: type === 'C' });
    if (!row) return undefined;
    // An agent's powers are the same on the records they raised themselves (access: owner).
    const agent = viewer.user_is_hde;
    const takePart = row.access !== 'reader';
    const [timeline, files, nodes, related, shares] = await together([
      takePart
        ? sql.timelinePage(c, id, { agent, before, limit: sql.TIMELINE_PAGE + 1 })
        : undefined,
      sql.attachmentsWithMessages(c, id, agent),
      recordNodes(c, id),
      relatedList(c, viewer, id),
      takePart ? sharedWith(c, id) : [],
    ]);
    return { row, takePart, timeline, files, nodes, related, shares };
  });
}
