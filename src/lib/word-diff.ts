// A word-level diff of two texts (longest common subsequence over words and the spaces between
// them), for comparing two versions of an article side by side: each side's parts say whether
// they are kept, added (only in the newer text) or removed (only in the older one).

export type DiffKind = 'same' | 'added' | 'removed';
export interface DiffPart {
  kind: DiffKind;
  text: string;
}

/** Words and the runs of white space between them, in order. */
export function tokens(text: string): string[] {
  return text.match(/\s+|[^\s]+/g) ?? [];
}

/** Above this many cells the table would be too large: the texts are compared as wholes. */
const MAX_CELLS = 4_000_000;

/**
 * The parts of `before` and `after`: kept words appear in both as 'same', the rest as 'removed'
 * (in before) or 'added' (in after). Neighbouring parts of one kind are joined.
 */
export function wordDiff(before: string, after: string): DiffPart[] {
  const a = tokens(before);
  const b = tokens(after);
  // Common start and end cost nothing to keep out of the table.
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const midA = a.slice(start, endA);
  const midB = b.slice(start, endB);
  const parts: DiffPart[] = [];
  const push = (kind: DiffKind, text: string) => {
    const last = parts[parts.length - 1];
    if (last && last.kind === kind) last.text += text;
    else if (text) parts.push({ kind, text });
  };
  push('same', a.slice(0, start).join(''));
  if ((midA.length + 1) * (midB.length + 1) > MAX_CELLS) {
    push('removed', midA.join(''));
    push('added', midB.join(''));
  } else {
    // lcs[i][j]: the longest common subsequence of midA[i..] and midB[j..].
    const n = midA.length;
    const m = midB.length;
    const lcs = Array.from({ length: n + 1 }, () => new Uint32Array(m + 1));
    for (let i = n - 1; i >= 0; i--) {
      for (let j = m - 1; j >= 0; j--) {
        lcs[i][j] =
          midA[i] === midB[j] ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
      }
    }
    let i = 0;
    let j = 0;
    while (i < n && j < m) {
      if (midA[i] === midB[j]) {
        push('same', midA[i]);
        i++;
        j++;
      } else if (lcs[i + 1][j] >= lcs[i][j + 1]) {
        push('removed', midA[i++]);
      } else {
        push('added', midB[j++]);
      }
    }
    while (i < n) push('removed', midA[i++]);
    while (j < m) push('added', midB[j++]);
  }
  push('same', a.slice(endA).join(''));
  return parts;
}

/** The parts one side shows: the older side without additions, the newer without removals. */
export function sideOf(parts: DiffPart[], side: 'before' | 'after'): DiffPart[] {
  const hidden: DiffKind = side === 'before' ? 'added' : 'removed';
  return parts.filter((p) => p.kind !== hidden);
}

/** An article body's readable text: its HTML without tags, block ends as line breaks. */
export function plainText(html: string): string {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  doc.querySelectorAll('p, li, h2, h3, blockquote, pre, br').forEach((el) => {
    el.append('\n');
  });
  return (doc.body.textContent ?? '').replace(/\n{3,}/g, '\n\n').trim();
}
