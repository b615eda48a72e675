import { formatDateTimeLocal, formatDateUtc } from '../dates';

describe('dates', () => {
  it("formats 'DD Mon YYYY' in UTC", () => {
    expect(formatDateUtc('2025-03-05T23:30:00Z')).toBe('05 Mar 2025');
    expect(formatDateUtc('2025-03-05T23:30:00-05:00')).toBe('06 Mar 2025');
  });

  it("formats 'YYYY-MM-DD HH:mm' in local time", () => {
    const local = new Date(2024, 11, 31, 9, 7);
    expect(formatDateTimeLocal(local)).toBe('2024-12-31 09:07');
    expect(formatDateTimeLocal(local.toISOString())).toBe('2024-12-31 09:07');
  });

  it('gives an empty string for a missing or invalid date', () => {
    expect(formatDateUtc(null)).toBe('');
    expect(formatDateUtc('not a date')).toBe('');
    expect(formatDateTimeLocal(undefined)).toBe('');
  });
});
