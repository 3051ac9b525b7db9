import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from '@jest/globals';
import type { Analytics } from './analytics';
import { openChdbAnalytics } from './chdb-analytics';
import { niceUpkeepThreads, processThreads, UPKEEP_THREAD } from './engine-thread-priority';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tracker-ch-nice-'));
let analytics: Analytics | undefined;

afterAll(async () => {
  await analytics?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

(process.platform === 'linux' ? describe : describe.skip)('the embedded engine at low priority', () => {
  test('its merge threads run at nice 19 once it is open; the process and its other threads keep theirs', async () => {
    const before = new Map((await processThreads()).map((t) => [t.tid, t.nice]));
    analytics = await openChdbAnalytics(path.join(dir, 'ch'));
    await analytics.exec('CREATE TABLE t (a UInt64) ENGINE = MergeTree ORDER BY a');
    for (let i = 0; i < 3; i++) await analytics.insertJsonLines('t', Buffer.from(`{"a":${i}}\n`));
    await niceUpkeepThreads(19);
    const now = await processThreads();
    const merges = now.filter((t) => t.name === 'MergeMutate');
    expect(merges.length).toBeGreaterThan(0);
    expect(merges.every((t) => t.nice === 19)).toBe(true);
    expect(now.find((t) => t.tid === process.pid)?.nice).toBe(before.get(process.pid));
    // Other threads that were there before (Node's, V8's, the engine's query threads) are not touched.
    for (const t of now) if (before.has(t.tid) && !UPKEEP_THREAD.test(t.name)) expect(t.nice).toBe(before.get(t.tid));
    // A second pass finds nothing left to change.
    expect(await niceUpkeepThreads(19)).toBe(0);
  });
});
