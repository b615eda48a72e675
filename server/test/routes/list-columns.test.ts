// The Columns chooser's file names each sortable column's API sort; the server keeps the sorts
// it takes (and their SQL) in the record kinds. A sort in the file that the server does not take
// would answer 400 when a user clicks that column's header.
import { describe, expect, it } from 'vitest';
import listColumns from '../../../src/features/records/list-columns.json' with { type: 'json' };
import { CONTENT, TICKET } from '../../routes/records/kinds.js';

describe('list columns and the server sorts', () => {
  it.each([TICKET, CONTENT])(
    'every sortable column of $type lists sorts by a sort it takes',
    (kind) => {
      const offered = listColumns.columns
        .filter((c) => c.of.includes(kind.type) && 'sort' in c)
        .map((c) => ('sort' in c ? c.sort : ''))
        // The SPA sorts the title column by the kind's title field (its kinds.ts titleSort).
        .map((s) => (s === 'title' ? kind.titleField : s));
      expect(offered.length).toBeGreaterThan(0);
      expect(offered.filter((s) => !Object.hasOwn(kind.sorts, s ?? ''))).toEqual([]);
    },
  );
});
