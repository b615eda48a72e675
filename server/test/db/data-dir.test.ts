import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chooseDataDir,
  isReachableBy,
  makeReachableDir,
  postgresOsUser,
  type OsUser,
} from '../../db/data-dir.js';

// A user that owns nothing here and is in no group that does: only "other" bits apply.
const stranger: OsUser = { uid: 54321, gids: [54321] };

let root: string;
beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'helpdesk-reach-'));
  fs.chmodSync(root, 0o755);
});
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe('isReachableBy', () => {
  it('follows the execute bits of every parent folder', () => {
    const open = path.join(root, 'open', 'data');
    fs.mkdirSync(open, { recursive: true, mode: 0o755 });
    fs.chmodSync(path.join(root, 'open'), 0o755);
    expect(isReachableBy(open, stranger)).toBe(true);

    const privateParent = path.join(root, 'private');
    fs.mkdirSync(path.join(privateParent, 'data'), { recursive: true });
    fs.chmodSync(privateParent, 0o700); // like /root or a mktemp -d folder
    expect(isReachableBy(path.join(privateParent, 'data'), stranger)).toBe(false);
    expect(isReachableBy(path.join(privateParent, 'not', 'yet', 'made'), stranger)).toBe(false);
  });

  it('uses the group bits for a member of the folder group, and owner bits for the owner', () => {
    const dir = path.join(root, 'grouped');
    fs.mkdirSync(dir);
    fs.chmodSync(dir, 0o710);
    const stat = fs.statSync(dir);
    expect(isReachableBy(dir, { uid: 54321, gids: [stat.gid] })).toBe(true);
    expect(isReachableBy(dir, stranger)).toBe(false);
    expect(isReachableBy(dir, { uid: stat.uid, gids: [] })).toBe(true);
  });

  it('treats folders that do not exist yet as reachable (we create them with mode 755)', () => {
    const target = path.join(root, 'new', 'deeper', 'data');
    expect(isReachableBy(target, stranger)).toBe(true);
    const oldUmask = process.umask(0o077);
    try {
      makeReachableDir(target);
    } finally {
      process.umask(oldUmask);
    }
    expect(fs.statSync(path.join(root, 'new')).mode & 0o777).toBe(0o755);
    expect(isReachableBy(target, stranger)).toBe(true);
  });

  it('says no under a mktemp -d folder (mode 700) for the postgres OS user', () => {
    const privateDir = fs.mkdtempSync(path.join(root, 'mktemp-'));
    const postgres = postgresOsUser() ?? stranger;
    expect(isReachableBy(path.join(privateDir, 'data'), postgres)).toBe(false);
  });
});

describe('chooseDataDir', () => {
  const reachable = new Set(['/ok/data', '/var/lib/helpdesk']);
  const canReach = (dir: string) => reachable.has(dir);

  it('keeps the folder when PostgreSQL can reach it, or when not root', () => {
    expect(chooseDataDir({ dataDir: '/ok/data', explicit: false, isRoot: true, canReach })).toEqual(
      {
        ok: true,
        dataDir: '/ok/data',
        fellBack: false,
      },
    );
    expect(
      chooseDataDir({ dataDir: '/root/x/data', explicit: true, isRoot: false, canReach }).ok,
    ).toBe(true);
  });

  it('falls back to /var/lib/helpdesk when the default folder is unreachable', () => {
    expect(
      chooseDataDir({ dataDir: '/root/helpdesk/data', explicit: false, isRoot: true, canReach }),
    ).toEqual({
      ok: true,
      dataDir: '/var/lib/helpdesk',
      fellBack: true,
    });
  });

  it('stops with a message saying what to set when DATA_DIR was set explicitly', () => {
    const choice = chooseDataDir({ dataDir: '/root/mine', explicit: true, isRoot: true, canReach });
    expect(choice.ok).toBe(false);
    if (!choice.ok) {
      expect(choice.message).toContain('/root/mine');
      expect(choice.message).toContain('Set DATA_DIR');
      expect(choice.message).toContain('DATABASE_URL');
    }
  });

  it('stops when the fallback is unreachable too', () => {
    const choice = chooseDataDir({
      dataDir: '/root/x',
      explicit: false,
      isRoot: true,
      canReach: () => false,
    });
    expect(choice).toMatchObject({ ok: false });
  });
});
