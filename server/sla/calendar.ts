// Business-time arithmetic: pure functions over a calendar (working hours per weekday in an
// IANA time zone, plus holiday dates). Instants are Dates; wall times are converted with Intl,
// so daylight-saving switches move the UTC hours of a working day but never its length in wall
// time (a 09:00-17:00 day is 8 hours on both sides of a switch; a 24-hour day on a switch day
// is 23 or 25 hours long).

/** Working hours of one weekday, "HH:MM" wall time; `end` may be "24:00". */
export type DayHours = {
  start: string;
  end: string;
};

export interface BusinessCalendar {
  timeZone: string;
  /** Index 0 = Sunday ... 6 = Saturday; null = not a working day. */
  hours: (DayHours | null)[];
  /** Local dates ("YYYY-MM-DD") that are not working days. */
  holidays: string[];
}

/** A span during which the clocks stand still (the ticket is Pending); `end` null = still paused. */
export interface Pause {
  start: Date;
  end: Date | null;
}

const MINUTE = 60_000;
/** Ten years of days: a calendar with no working hours at all must not loop for ever. */
const MAX_DAYS = 3660;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** Whether `timeZone` is an IANA zone this runtime knows. */
export function isValidTimeZone(timeZone: string): boolean {
  try {
    formatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

interface Wall {
  y: number;
  m: number;
  d: number;
  h: number;
  min: number;
  s: number;
}

/** The wall time at instant `ms` as Intl shows it: exact, but slow (a few µs a call). */
function intlWallTime(ms: number, timeZone: string): Wall {
  const parts: Record<string, number> = {};
  for (const p of formatter(timeZone).formatToParts(new Date(ms))) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  return {
    y: parts.year,
    m: parts.month,
    d: parts.day,
    h: parts.hour,
    min: parts.minute,
    s: parts.second,
  };
}

function intlOffsetAt(ms: number, timeZone: string): number {
  const w = intlWallTime(ms, timeZone);
  const asUtc = Date.UTC(w.y, w.m - 1, w.d, w.h, w.min, w.s);
  return asUtc - Math.floor(ms / 1000) * 1000;
}

const DAY = 86_400_000;
/** Per zone and UTC day: the offsets at its first and last second (equal: no switch that day). */
const dayOffsets = new Map<string, [number, number]>();

/**
 * The zone's offset from UTC at instant `ms`, in ms (e.g. +3_600_000 for Madrid in winter).
 * Every ticket in a list works its clocks out day by day, so the offsets are kept per UTC day:
 * Intl runs again only for the instants of a day on which the zone switches (no zone switches
 * twice in one day).
 */
function offsetAt(ms: number, timeZone: string): number {
  const day = Math.floor(ms / DAY);
  const key = `${timeZone} ${day}`;
  let span = dayOffsets.get(key);
  if (!span) {
    if (dayOffsets.size >= 100_000) dayOffsets.clear();
    span = [intlOffsetAt(day * DAY, timeZone), intlOffsetAt((day + 1) * DAY - 1000, timeZone)];
    dayOffsets.set(key, span);
  }
  return span[0] === span[1] ? span[0] : intlOffsetAt(ms, timeZone);
}

function wallTime(ms: number, timeZone: string): Wall {
  const wall = new Date(ms + offsetAt(ms, timeZone));
  return {
    y: wall.getUTCFullYear(),
    m: wall.getUTCMonth() + 1,
    d: wall.getUTCDate(),
    h: wall.getUTCHours(),
    min: wall.getUTCMinutes(),
    s: wall.getUTCSeconds(),
  };
}

/**
 * The instant of a wall time in `timeZone`. A wall time skipped by a spring-forward switch
 * (02:30 in New York on 8 March 2026) is read as the same time after the jump (03:30), as
 * Temporal's 'compatible' does; a repeated one (the autumn switch) is its first occurrence.
 */
export function wallToInstant(
  date: { y: number; m: number; d: number },
  minutes: number,
  timeZone: string,
): number {
  const guess = Date.UTC(date.y, date.m - 1, date.d) + minutes * MINUTE;
  const first = guess - offsetAt(guess, timeZone);
  const second = guess - offsetAt(first, timeZone);
  if (first === second) return first;
  // Two candidates: take the earlier one that really shows this wall time; none does in a gap.
  const candidates = [Math.min(first, second), Math.max(first, second)];
  for (const c of candidates) {
    if (c + offsetAt(c, timeZone) === guess) return c;
  }
  return Math.max(first, second);
}

function parseHm(hm: string): number {
  const [h, m] = hm.split(':').map(Number);
  return h * 60 + m;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** "YYYY-MM-DD" of a calendar date. */
function isoDate(d: { y: number; m: number; d: number }): string {
  return `${d.y}-${pad(d.m)}-${pad(d.d)}`;
}

function addDays(d: { y: number; m: number; d: number }, n: number) {
  const t = new Date(Date.UTC(d.y, d.m - 1, d.d + n));
  return { y: t.getUTCFullYear(), m: t.getUTCMonth() + 1, d: t.getUTCDate() };
}

/**
 * The working intervals [start, end) in ms, in time order, from the local day holding `fromMs`
 * onwards (the first may begin before `fromMs`; callers clip).
 */
function* workingIntervals(cal: BusinessCalendar, fromMs: number): Generator<[number, number]> {
  const holidays = new Set(cal.holidays);
  const w = wallTime(fromMs, cal.timeZone);
  let day = { y: w.y, m: w.m, d: w.d };
  for (let i = 0; i < MAX_DAYS; i++, day = addDays(day, 1)) {
    const weekday = new Date(Date.UTC(day.y, day.m - 1, day.d)).getUTCDay();
    const hours = cal.hours[weekday];
    if (!hours || holidays.has(isoDate(day))) continue;
    const start = wallToInstant(day, parseHm(hours.start), cal.timeZone);
    const end = wallToInstant(day, parseHm(hours.end), cal.timeZone);
    if (end > start) yield [start, end];
  }
  throw new Error('The calendar has no working hours.');
}

/** Business time in ms between two instants (0 when `to` is not after `from`). */
export function businessMsBetween(cal: BusinessCalendar, from: Date, to: Date): number {
  const a = from.getTime();
  const b = to.getTime();
  if (b <= a) return 0;
  let total = 0;
  for (const [s, e] of workingIntervals(cal, a)) {
    if (s >= b) break;
    total += Math.max(0, Math.min(e, b) - Math.max(s, a));
  }
  return total;
}

/** Business minutes between two instants (fractional; 0 when `to` is not after `from`). */
export function businessMinutesBetween(cal: BusinessCalendar, from: Date, to: Date): number {
  return businessMsBetween(cal, from, to) / MINUTE;
}

/**
 * The instant `ms` of business time after `start`. Ending exactly at the close of a working
 * day gives that close (17:00), not the next opening. 0 from outside hours gives the next opening.
 */
export function addBusinessMs(cal: BusinessCalendar, start: Date, ms: number): Date {
  const a = start.getTime();
  let left = Math.max(0, ms);
  for (const [s, e] of workingIntervals(cal, a)) {
    if (e <= a) continue;
    const from = Math.max(s, a);
    if (left <= e - from) return new Date(from + left);
    left -= e - from;
  }
  /* c8 ignore next */
  throw new Error('unreachable');
}

export function addBusinessMinutes(cal: BusinessCalendar, start: Date, minutes: number): Date {
  return addBusinessMs(cal, start, minutes * MINUTE);
}

/**
 * When a target of `minutes` business minutes started at `start` falls due, given the pauses
 * (in any order; an open pause counts as ending at `now`). A pause moves the due time on by the
 * business time it lasted; a pause that begins after the due time has passed moves nothing (the
 * target was already missed).
 */
export function dueAt(
  cal: BusinessCalendar,
  start: Date,
  minutes: number,
  pauses: Pause[],
  now: Date,
): Date {
  let due = addBusinessMinutes(cal, start, minutes);
  const sorted = [...pauses].sort((x, y) => x.start.getTime() - y.start.getTime());
  for (const p of sorted) {
    const end = p.end ?? now;
    if (end <= start) continue;
    if (p.start >= due) break;
    const from = p.start > start ? p.start : start;
    due = addBusinessMs(cal, due, businessMsBetween(cal, from, end));
  }
  return due;
}

/** Every day, all day: what a "24x7" policy uses. */
export const ALWAYS: Omit<BusinessCalendar, 'timeZone'> = {
  hours: Array.from({ length: 7 }, () => ({ start: '00:00', end: '24:00' })),
  holidays: [],
};
