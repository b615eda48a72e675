import { describe, expect, it } from 'vitest';
import { plainText, sideOf, wordDiff } from '../word-diff';

describe('wordDiff', () => {
  it('marks the words added and removed, keeping the rest', () => {
    const parts = wordDiff('Open the old portal today', 'Open the new portal now');
    expect(parts).toEqual([
      { kind: 'same', text: 'Open the ' },
      { kind: 'removed', text: 'old' },
      { kind: 'added', text: 'new' },
      { kind: 'same', text: ' portal ' },
      { kind: 'removed', text: 'today' },
      { kind: 'added', text: 'now' },
    ]);
  });

  it('gives each side its own text back', () => {
    const before = 'Press Reset, then wait a minute.';
    const after = 'Press Reset and wait.';
    const parts = wordDiff(before, after);
    expect(
      sideOf(parts, 'before')
        .map((p) => p.text)
        .join(''),
    ).toBe(before);
    expect(
      sideOf(parts, 'after')
        .map((p) => p.text)
        .join(''),
    ).toBe(after);
  });

  it('says nothing changed for equal texts, and all added from nothing', () => {
    expect(wordDiff('Same words', 'Same words')).toEqual([{ kind: 'same', text: 'Same words' }]);
    expect(wordDiff('', 'New text')).toEqual([{ kind: 'added', text: 'New text' }]);
    expect(wordDiff('Old text', '')).toEqual([{ kind: 'removed', text: 'Old text' }]);
  });

  it('keeps a moved word as one removal and one addition', () => {
    const parts = wordDiff('a b c', 'b c a');
    expect(parts.filter((p) => p.kind !== 'same').map((p) => p.text.trim())).toEqual(['a', 'a']);
  });
});

describe('plainText', () => {
  it('reads an article body as text with its paragraphs on lines', () => {
    expect(plainText('<p>Open <strong>the</strong> portal.</p><p>Press Reset.</p>')).toBe(
      'Open the portal.\nPress Reset.',
    );
  });
});
