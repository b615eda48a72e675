import { truncate } from '../text';

describe('truncate', () => {
  it('keeps short text as is', () => {
    expect(truncate('Printer', 10)).toBe('Printer');
    expect(truncate('0123456789', 10)).toBe('0123456789');
  });

  it('cuts long text and appends an ellipsis', () => {
    expect(truncate('The printer on floor 3 is jammed', 12)).toBe('The printer…');
    expect(truncate('abcdefghijkl', 5)).toBe('abcd…');
    expect(Array.from(truncate('abcdefghijkl', 5))).toHaveLength(5);
  });

  it('handles empty input', () => {
    expect(truncate('', 5)).toBe('');
    expect(truncate(null, 5)).toBe('');
  });
});
