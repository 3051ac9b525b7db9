import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { migrateAnalytics, newEventId, type Analytics } from '@tracker/core';
import { openChdbAnalytics } from '@tracker/core/testing';
import { firstCopies, type PositionedEvent } from './event-copies';

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

describe('firstCopies [embedded: chDB]', () => {
  test('a unit larger than one lookup keeps its new events and drops copies in every part of it', async () => {
    // 25,000 events: more than two lookups' worth, so copies sit in the first and in the last slice.
    const events: PositionedEvent[] = Array.from({ length: 25_000 }, (_, i) => ({
      id: newEventId(),
      at: { partition: 0, offset: 100_000 + i },
    }));
    const copyAt = [3, 12_345, 24_999];
    const resentAt = [7, 20_001];
    await analytics.insertJsonLines(
      'event_positions',
      positionsLines([
        // Stored earlier at another offset: the events at these indexes are second copies.
        ...copyAt.map((i): [string, number] => [events[i]!.id, 10 + i]),
        // Stored at this very position: a unit re-sent after a crash keeps them.
        ...resentAt.map((i): [string, number] => [events[i]!.id, events[i]!.at.offset]),
      ]),
    );
    // The same event twice in one unit: only its first position counts.
    const repeated = { id: events[100]!.id, at: { partition: 0, offset: 200_000 } };

    const kept = await firstCopies(analytics, [...events, repeated], true);

    expect(kept).toHaveLength(events.length - copyAt.length);
    const keptIds = new Set(kept.map((e) => e.id));
    for (const i of copyAt) expect(keptIds.has(events[i]!.id)).toBe(false);
    for (const i of resentAt) expect(keptIds.has(events[i]!.id)).toBe(true);
    expect(kept.find((e) => e.id === repeated.id)?.at.offset).toBe(events[100]!.at.offset);

    // Not re-sent under its recorded range (that range was forgotten): what is stored at its own
    // position was written under other deduplication tokens, so writing it again would count it twice.
    const fresh = await firstCopies(analytics, events, false);
    expect(fresh).toHaveLength(events.length - copyAt.length - resentAt.length);
    const freshIds = new Set(fresh.map((e) => e.id));
    for (const i of resentAt) expect(freshIds.has(events[i]!.id)).toBe(false);
  });
});
