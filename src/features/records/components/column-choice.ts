// The columns each user chose for each list, kept in this browser (localStorage `listColumns`,
// one entry per user id and list), so the Columns choice stays when the list is opened again
// from the menu; a list URL's `cols` (a link, a saved view) still wins while it is there.

const KEY = 'listColumns';

type Choices = Record<string, Record<string, string[]>>;

function read(): Choices {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(KEY) ?? '{}');
    return value && typeof value === 'object' ? (value as Choices) : {};
  } catch {
    return {};
  }
}

/** The columns `userId` chose for `list` (besides the title), or null when they never chose. */
export function storedColumns(userId: number | undefined, list: string): string[] | null {
  if (userId === undefined) return null;
  const keys = read()[String(userId)]?.[list];
  return Array.isArray(keys) && keys.every((k) => typeof k === 'string') ? keys : null;
}

/** Remembers the choice; null forgets it (the list's default columns again). */
export function storeColumns(userId: number | undefined, list: string, keys: string[] | null) {
  if (userId === undefined) return;
  const all = read();
  const mine = { ...all[String(userId)] };
  if (keys) mine[list] = keys;
  else delete mine[list];
  all[String(userId)] = mine;
  try {
    localStorage.setItem(KEY, JSON.stringify(all));
  } catch {
    // Storage full or refused: the choice lasts as long as the URL keeps it.
  }
}
