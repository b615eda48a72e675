// The time the service-level code works with. Everything that compares against "now" for SLAs
// (due times, the overdue and due-soon lists, escalations) takes it from a Clock and passes it
// to SQL as a parameter, so tests can move time on. Only tests and the e2e server ever see
// anything but real time: TEST_CLOCK_OFFSET_FILE (docs/sla.md "The test clock").
import fs from 'node:fs';

export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/**
 * Real time plus the number of milliseconds written in `file` (missing or unreadable: 0). Every
 * process given the same file (the server and its workers) sees the same time; the file is
 * read again only when it changes.
 */
export function offsetFileClock(file: string): Clock {
  let seen = '';
  let offset = 0;
  return {
    now: () => {
      try {
        const st = fs.statSync(file);
        const stamp = `${st.mtimeMs}:${st.size}`;
        if (stamp !== seen) {
          seen = stamp;
          const value = Number(fs.readFileSync(file, 'utf8').trim());
          offset = Number.isFinite(value) ? value : 0;
        }
      } catch {
        seen = '';
        offset = 0;
      }
      return new Date(Date.now() + offset);
    },
  };
}

export function clockFromConfig(config: { testClockOffsetFile: string | undefined }): Clock {
  return config.testClockOffsetFile ? offsetFileClock(config.testClockOffsetFile) : systemClock;
}

/** A clock that stands still until set or moved (tests). */
export interface TestClock extends Clock {
  set(at: Date): void;
  advance(ms: number): void;
}

export function fixedClock(at: Date): TestClock {
  let t = at.getTime();
  return {
    now: () => new Date(t),
    set: (d) => {
      t = d.getTime();
    },
    advance: (ms) => {
      t += ms;
    },
  };
}
