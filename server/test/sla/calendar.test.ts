// Business-time arithmetic: weekends, holidays, time zones, daylight-saving switches, pauses.
import { describe, expect, it } from 'vitest';
import {
  ALWAYS,
  addBusinessMinutes,
  businessMinutesBetween,
  dueAt,
  isValidTimeZone,
  wallToInstant,
  type BusinessCalendar,
} from '../../sla/calendar.js';

const nineToFive = { start: '09:00', end: '17:00' };
const weekdays = (timeZone: string, holidays: string[] = []): BusinessCalendar => ({
  timeZone,
  hours: [null, nineToFive, nineToFive, nineToFive, nineToFive, nineToFive, null],
  holidays,
});
const madrid = weekdays('Europe/Madrid');
const newYork = weekdays('America/New_York');
const at = (iso: string) => new Date(iso);
const iso = (d: Date) => d.toISOString();

describe('adding business minutes', () => {
  it('stays within a working day (Madrid winter, UTC+1)', () => {
    // Monday 2 March 2026, 10:00 in Madrid = 09:00Z.
    expect(iso(addBusinessMinutes(madrid, at('2026-03-02T09:00:00Z'), 60))).toBe(
      '2026-03-02T10:00:00.000Z',
    );
  });

  it('ends at the close of the day rather than the next opening', () => {
    expect(iso(addBusinessMinutes(madrid, at('2026-03-02T15:00:00Z'), 60))).toBe(
      '2026-03-02T16:00:00.000Z',
    );
  });

  it('carries over the weekend: Friday 16:30 + 1 h = Monday 09:30', () => {
    expect(iso(addBusinessMinutes(madrid, at('2026-03-06T15:30:00Z'), 60))).toBe(
      '2026-03-09T08:30:00.000Z',
    );
  });

  it('starts counting at the next opening when raised at the weekend', () => {
    expect(iso(addBusinessMinutes(madrid, at('2026-03-07T11:00:00Z'), 30))).toBe(
      '2026-03-09T08:30:00.000Z',
    );
  });

  it('skips holidays', () => {
    const withHoliday = weekdays('Europe/Madrid', ['2026-03-09']);
    // Friday 16:30 + 1 h: Monday is a holiday, so Tuesday 09:30.
    expect(iso(addBusinessMinutes(withHoliday, at('2026-03-06T15:30:00Z'), 60))).toBe(
      '2026-03-10T08:30:00.000Z',
    );
  });

  it('crosses the March switch in Madrid (CET to CEST on 29 March 2026)', () => {
    // Friday 27 March 16:00 CET (15:00Z) + 2 h = Monday 30 March 10:00 CEST (08:00Z).
    expect(iso(addBusinessMinutes(madrid, at('2026-03-27T15:00:00Z'), 120))).toBe(
      '2026-03-30T08:00:00.000Z',
    );
  });

  it('crosses the October switch in Madrid (CEST to CET on 25 October 2026)', () => {
    // Friday 23 October 16:00 CEST (14:00Z) + 2 h = Monday 26 October 10:00 CET (09:00Z).
    expect(iso(addBusinessMinutes(madrid, at('2026-10-23T14:00:00Z'), 120))).toBe(
      '2026-10-26T09:00:00.000Z',
    );
  });

  it('keeps New York hours in New York time across the November switch', () => {
    // Friday 30 October 16:00 EDT (20:00Z) + 2 h = Monday 2 November 10:00 EST (15:00Z).
    expect(iso(addBusinessMinutes(newYork, at('2026-10-30T20:00:00Z'), 120))).toBe(
      '2026-11-02T15:00:00.000Z',
    );
  });

  it('a 24x7 calendar counts real elapsed time through a switch day', () => {
    const always: BusinessCalendar = { ...ALWAYS, timeZone: 'America/New_York' };
    // Sunday 8 March 2026 00:00 EST (05:00Z) + 24 h = 01:00 EDT on the Monday (05:00Z).
    expect(iso(addBusinessMinutes(always, at('2026-03-08T05:00:00Z'), 1440))).toBe(
      '2026-03-09T05:00:00.000Z',
    );
  });

  it('a wall time skipped by the spring switch is read after the jump (02:30 -> 03:30)', () => {
    const sundayNight: BusinessCalendar = {
      timeZone: 'America/New_York',
      hours: [{ start: '02:30', end: '04:00' }, null, null, null, null, null, null],
      holidays: [],
    };
    // 02:30 does not exist on 8 March 2026: the day opens at 03:30 EDT (07:30Z), 30 min long.
    expect(iso(addBusinessMinutes(sundayNight, at('2026-03-07T12:00:00Z'), 0))).toBe(
      '2026-03-08T07:30:00.000Z',
    );
    expect(
      businessMinutesBetween(sundayNight, at('2026-03-08T00:00:00Z'), at('2026-03-09T00:00:00Z')),
    ).toBe(30);
  });

  it('fails clearly on a calendar without working hours', () => {
    const never: BusinessCalendar = { timeZone: 'UTC', hours: Array(7).fill(null), holidays: [] };
    expect(() => addBusinessMinutes(never, at('2026-03-02T09:00:00Z'), 1)).toThrow(
      /no working hours/,
    );
  });
});

describe('business minutes between two instants', () => {
  it('counts only working hours: Friday 16:00 to Monday 10:00 is 2 h', () => {
    expect(
      businessMinutesBetween(madrid, at('2026-03-06T15:00:00Z'), at('2026-03-09T09:00:00Z')),
    ).toBe(120);
  });

  it('is 0 when the end is not after the start, or outside hours', () => {
    expect(
      businessMinutesBetween(madrid, at('2026-03-09T09:00:00Z'), at('2026-03-06T15:00:00Z')),
    ).toBe(0);
    expect(
      businessMinutesBetween(madrid, at('2026-03-07T09:00:00Z'), at('2026-03-08T20:00:00Z')),
    ).toBe(0);
  });

  it('a whole working week is 40 h in both time zones, DST or not', () => {
    // The week of the Madrid March switch (Monday 30 March to Monday 6 April, local midnights).
    expect(
      businessMinutesBetween(madrid, at('2026-03-29T22:00:00Z'), at('2026-04-05T22:00:00Z')),
    ).toBe(40 * 60);
    expect(
      businessMinutesBetween(newYork, at('2026-03-09T04:00:00Z'), at('2026-03-16T04:00:00Z')),
    ).toBe(40 * 60);
  });

  it('24x7 days are 23 and 25 hours long on the New York switch days', () => {
    const always: BusinessCalendar = { ...ALWAYS, timeZone: 'America/New_York' };
    expect(
      businessMinutesBetween(always, at('2026-03-08T05:00:00Z'), at('2026-03-09T04:00:00Z')),
    ).toBe(23 * 60);
    expect(
      businessMinutesBetween(always, at('2026-11-01T04:00:00Z'), at('2026-11-02T05:00:00Z')),
    ).toBe(25 * 60);
  });

  it('adding then measuring gives the minutes back', () => {
    const start = at('2026-10-22T13:17:00Z');
    for (const minutes of [1, 59, 480, 481, 2400, 10000]) {
      const end = addBusinessMinutes(madrid, start, minutes);
      expect(businessMinutesBetween(madrid, start, end)).toBe(minutes);
    }
  });
});

describe('due times with pauses', () => {
  // Monday 9 March 2026 09:00 in Madrid = 08:00Z; a 4-hour target is due at 13:00 (12:00Z).
  const start = at('2026-03-09T08:00:00Z');
  const now = at('2026-03-20T00:00:00Z');

  it('is the plain sum without pauses', () => {
    expect(iso(dueAt(madrid, start, 240, [], now))).toBe('2026-03-09T12:00:00.000Z');
  });

  it('a 2-hour pause moves the due time 2 business hours on', () => {
    const pause = { start: at('2026-03-09T09:00:00Z'), end: at('2026-03-09T11:00:00Z') };
    expect(iso(dueAt(madrid, start, 240, [pause], now))).toBe('2026-03-09T14:00:00.000Z');
  });

  it('only the business part of an overnight pause counts', () => {
    // Paused Monday 16:00 to Tuesday 10:00 local: 2 business hours, so due Monday 15:00 -> ...
    const pause = { start: at('2026-03-09T15:00:00Z'), end: at('2026-03-10T09:00:00Z') };
    // Target 480 (due Monday 17:00): moved by 2 h into Tuesday 11:00 (10:00Z).
    expect(iso(dueAt(madrid, start, 480, [pause], now))).toBe('2026-03-10T10:00:00.000Z');
  });

  it('an open pause counts up to now', () => {
    const pause = { start: at('2026-03-09T09:00:00Z'), end: null };
    expect(iso(dueAt(madrid, start, 240, [pause], at('2026-03-09T10:30:00Z')))).toBe(
      '2026-03-09T13:30:00.000Z',
    );
  });

  it('a pause after the due time has passed moves nothing', () => {
    const late = { start: at('2026-03-09T13:00:00Z'), end: at('2026-03-09T15:00:00Z') };
    expect(iso(dueAt(madrid, start, 240, [late], now))).toBe('2026-03-09T12:00:00.000Z');
  });

  it('pauses before the start (an earlier cycle) are ignored; several add up', () => {
    const before = { start: at('2026-03-06T09:00:00Z'), end: at('2026-03-06T12:00:00Z') };
    const one = { start: at('2026-03-09T09:00:00Z'), end: at('2026-03-09T09:30:00Z') };
    const two = { start: at('2026-03-09T10:00:00Z'), end: at('2026-03-09T10:30:00Z') };
    expect(iso(dueAt(madrid, start, 240, [two, before, one], now))).toBe(
      '2026-03-09T13:00:00.000Z',
    );
  });
});

describe('time zones', () => {
  it('knows IANA names and rejects others', () => {
    expect(isValidTimeZone('Europe/Madrid')).toBe(true);
    expect(isValidTimeZone('America/New_York')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus')).toBe(false);
  });
});

describe('wall times through a whole year', () => {
  // The offsets are kept per UTC day (a list works each ticket's clocks out day by day): every
  // wall time of 2026 must still be the instant Intl shows it at, in zones with hour, half-hour
  // and quarter-hour offsets and switches, except where a switch skipped it ('compatible': the
  // same time after the jump).
  const zones = [
    'Europe/Madrid',
    'America/New_York',
    'America/St_Johns',
    'Australia/Lord_Howe',
    'Asia/Kathmandu',
    'Pacific/Chatham',
  ];
  const shown = (ms: number, timeZone: string) => {
    const f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    });
    const p = Object.fromEntries(f.formatToParts(new Date(ms)).map((x) => [x.type, x.value]));
    return Date.UTC(+p.year, +p.month - 1, +p.day, +p.hour, +p.minute);
  };

  it.each(zones)('%s', (timeZone) => {
    let skipped = 0;
    for (let day = 0; day < 365; day++) {
      const date = new Date(Date.UTC(2026, 0, 1 + day));
      const ymd = { y: date.getUTCFullYear(), m: date.getUTCMonth() + 1, d: date.getUTCDate() };
      for (const minutes of [0, 90, 120, 150, 165, 180, 540, 1439]) {
        const wall = Date.UTC(ymd.y, ymd.m - 1, ymd.d) + minutes * 60_000;
        const instant = wallToInstant(ymd, minutes, timeZone);
        const jump = shown(instant, timeZone) - wall;
        if (jump !== 0) {
          skipped++;
          expect([30, 60].map((m) => m * 60_000)).toContain(jump);
        }
      }
    }
    // Only the spring switch skips wall times, and only a few of those sampled.
    expect(skipped).toBeLessThanOrEqual(3);
  });
});
