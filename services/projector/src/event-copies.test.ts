import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { migrateAnalytics, newEventId, type Analytics } from '@tracker/core';
import { openChdbAnalytics } from '@tracker/core/testing';
import { keptRows, type UnitEvents } from './event-copies';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tracker-copies-'));
let analytics: Analytics;

beforeAll(async () => {
  analytics = await openChdbAnalytics(dir);
  await migrateAnalytics(analytics);
});

afterAll(async () => {
  await analytics.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const positionsLines = (rows: Array<[string, number]>) =>
  Buffer.from(rows.map(([id, offset]) => `${JSON.stringify({ event_id: id, log_partition: 0, log_offset: offset })}\n`).join(''));

const unitEvents = (ids: string[], offsets: number[], repeated: number[] = []): UnitEvents => ({
  ids: ids.join(','),
  offsets: Float64Array.from(offsets),
  repeated,
});

describe('keptRows [embedded: chDB]', () => {
  test('a unit larger than one lookup keeps its new events and drops copies in every part of it', async () => {
    // 25,000 clicks and an exit: more than two lookups' worth, so copies sit in the first and in the last slice.
    const ids = Array.from({ length: 25_000 }, () => newEventId());
    const offsets = ids.map((_, i) => 100_000 + i);
    const exitId = newEventId();
    const copyAt = [3, 12_345, 24_999];
    const resentAt = [7, 20_001];
    await analytics.insertJsonLines(
      'event_positions',
      positionsLines([
        // Stored earlier at another offset: the events at these indexes are second copies.
        ...copyAt.map((i): [string, number] => [ids[i]!, 10 + i]),
        // Stored at this very position: a unit re-sent after a crash keeps them.
        ...resentAt.map((i): [string, number] => [ids[i]!, offsets[i]!]),
        [exitId, 5],
      ]),
    );
    // The same click twice in one unit (its last row): only its first position counts.
    const clicks = unitEvents([...ids, ids[100]!], [...offsets, 200_000], [ids.length]);
    const exits = unitEvents([exitId], [300_000]);

    const kept = await keptRows(analytics, 0, { clicks, exits }, true);

    expect(kept.clicks!.size).toBe(ids.length - copyAt.length);
    for (const i of copyAt) expect(kept.clicks!.has(i)).toBe(false);
    for (const i of resentAt) expect(kept.clicks!.has(i)).toBe(true);
    expect(kept.clicks!.has(100)).toBe(true);
    expect(kept.clicks!.has(ids.length)).toBe(false);
    // The exit is stored at another position: a copy.
    expect(kept.exits).toEqual(new Set());

    // Not re-sent under its recorded range (that range was forgotten): what is stored at its own
    // position was written under other deduplication tokens, so writing it again would count it twice.
    const fresh = await keptRows(analytics, 0, { clicks: unitEvents(ids, offsets), exits }, false);
    expect(fresh.clicks!.size).toBe(ids.length - copyAt.length - resentAt.length);
    for (const i of resentAt) expect(fresh.clicks!.has(i)).toBe(false);
  });

  test('a unit without a copy keeps every row, and says so without listing them', async () => {
    const ids = Array.from({ length: 3 }, () => newEventId());
    expect(await keptRows(analytics, 0, { clicks: unitEvents(ids, [1, 2, 3]), exits: unitEvents([], []) }, false)).toEqual({
      clicks: null,
      exits: null,
    });
  });

  test('a copy stored in another partition is a copy, even in a re-sent unit at the same offset', async () => {
    const id = newEventId();
    await analytics.insertJsonLines('event_positions', Buffer.from(`${JSON.stringify({ event_id: id, log_partition: 1, log_offset: 77 })}\n`));
    const kept = await keptRows(analytics, 0, { clicks: unitEvents([id], [77]) }, true);
    expect(kept.clicks).toEqual(new Set());
  });
});
