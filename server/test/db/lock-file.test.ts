import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirInUseError, LOCK_FILE_NAME } from '../../db/lock-file.js';

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'helpdesk-lock-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('data folder lock', () => {
  it('refuses a second server while the first one runs, and allows it after release', () => {
    const release = acquireDataDirLock(dir);
    expect(fs.readFileSync(path.join(dir, LOCK_FILE_NAME), 'utf8').trim()).toBe(
      String(process.pid),
    );
    // Another process (another pid) trying the same folder:
    expect(() => acquireDataDirLock(dir, process.pid + 1)).toThrow(DataDirInUseError);
    expect(() => acquireDataDirLock(dir, process.pid + 1)).toThrow(
      new RegExp(`already in use by another Helpdesk server \\(pid ${process.pid}\\)`),
    );
    release();
    expect(fs.existsSync(path.join(dir, LOCK_FILE_NAME))).toBe(false);
    const again = acquireDataDirLock(dir, process.pid + 1);
    again();
  });

  it('takes over a stale lock whose process is gone', () => {
    const dead = spawnSync(process.execPath, ['-e', '0']).pid; // ran and exited
    fs.writeFileSync(path.join(dir, LOCK_FILE_NAME), `${dead}\n`);
    const release = acquireDataDirLock(dir);
    expect(fs.readFileSync(path.join(dir, LOCK_FILE_NAME), 'utf8').trim()).toBe(
      String(process.pid),
    );
    release();
  });

  it('does not remove a lock that another process took over', () => {
    const release = acquireDataDirLock(dir);
    fs.writeFileSync(path.join(dir, LOCK_FILE_NAME), '999999\n');
    release();
    expect(fs.existsSync(path.join(dir, LOCK_FILE_NAME))).toBe(true);
  });
});
