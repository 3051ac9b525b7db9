import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, test } from '@jest/globals';
import { DataDirLockedError, lockDataDir, lockRecordOf } from './data-dir-lock';

const dirs: string[] = [];
function dataDirWithLock(content: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tracker-lock-'));
  dirs.push(dir);
  fs.writeFileSync(path.join(dir, 'tracker.lock'), content);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('DATA_DIR lock', () => {
  test('a stale lock whose pid now belongs to an unrelated live process does not stop start-up', () => {
    // The test's parent (jest or npm) is alive and is no tracker: as after a reboot that reused the pid.
    const dir = dataDirWithLock(String(process.ppid));
    const release = lockDataDir(dir);
    expect(fs.readFileSync(path.join(dir, 'tracker.lock'), 'utf8')).toContain(String(process.pid));
    release();
    expect(fs.existsSync(path.join(dir, 'tracker.lock'))).toBe(false);
  });

  test('a lock naming a live pid that started at another time is stale', () => {
    const dir = dataDirWithLock(JSON.stringify({ pid: process.ppid, startTicks: '1' }));
    lockDataDir(dir)();
  });

  test('a lock held by a live process that took it stops start-up', () => {
    const dir = dataDirWithLock(lockRecordOf(process.ppid));
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    expect(() => lockDataDir(dir)).toThrow(new RegExp(`pid ${process.ppid}`));
  });

  test('a second lock in the same DATA_DIR waits for the first to be released', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tracker-lock-'));
    dirs.push(dir);
    const release = lockDataDir(dir);
    release();
    lockDataDir(dir)();
  });
});
