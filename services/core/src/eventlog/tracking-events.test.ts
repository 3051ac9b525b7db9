// An event's record on the log carries no timestamp of its own, so the log stamps the time it accepted it: Kafka's
// time-based retention counts from record timestamps, and an event dated months back (an import, a replay, the report
// suites' March clicks) must not be deleted at the broker's next retention check before the projector reads it.
import { describe, expect, it } from '@jest/globals';
import { encodeEvent, makeEvent } from './tracking-events';

describe('encodeEvent', () => {
  it('leaves the record timestamp to the log, whatever the event’s own time', () => {
    const old = makeEvent('click', { campaignId: 'c1' } as never, { at: Date.UTC(2026, 2, 8) });
    const record = encodeEvent(old);
    expect(record.timestamp).toBeUndefined();
    expect(JSON.parse(record.value.toString()).at).toBe(Date.UTC(2026, 2, 8));
    expect(record.key).toBe(old.id);
  });
});
