// Fires when events published more than the threshold ago (setting alert_projector_lag_minutes, default
// 15) are still not projected: the reports are missing them. Each run reads the projector group's
// positions and remembers the log's end offsets with the time it saw them; events below an end seen at
// time T were published before T, so while the committed offsets have not passed it, the oldest event
// waiting is at least now - T old. Remembered ends that the projector has passed are dropped. Without
// the event log in this process (a `tracker workers` without Kafka) the check cannot tell, and changes nothing.
import { eq } from 'drizzle-orm';
import { describeDuration, schema, type FiringAlert } from '@tracker/core';
import { DEFAULT_PROJECTOR_LAG_MINUTES } from '@tracker/schemas';
import { readSetting, type AlertCheck } from './alert-check';

interface Sample {
  at: number;
  /** End offset per partition, as seen at `at`. */
  ends: Record<string, number>;
}

const MEMORY_KEY = 'projector-lag';
/** Enough for a day of checks a minute apart; older ones say nothing a newer one does not. */
const MAX_SAMPLES = 1500;

export const projectorLagCheck: AlertCheck = {
  kind: 'projector-lag',
  async run({ db, eventLog, projectorGroup, now }) {
    if (!eventLog) return null;
    const thresholdMs = Number((await readSetting(db, 'alert_projector_lag_minutes')) ?? DEFAULT_PROJECTOR_LAG_MINUTES) * 60_000;
    const positions = await eventLog.positions(projectorGroup);
    const committed = new Map(positions.map((p) => [String(p.partition), p.committed]));
    const waiting = positions.reduce((sum, p) => sum + Math.max(0, p.end - p.committed), 0);

    const memory = schema.alertCheckMemory;
    const [stored] = await db.select().from(memory).where(eq(memory.check, MEMORY_KEY));
    const previous = ((stored?.data as { samples?: Sample[] } | undefined)?.samples ?? []).filter((s) => s.at <= now.getTime());
    // A sample still matters while some partition has not been projected up to the end it saw.
    const open = previous.filter((s) => Object.entries(s.ends).some(([partition, end]) => end > (committed.get(partition) ?? 0)));
    const samples = waiting > 0 ? [...open, { at: now.getTime(), ends: Object.fromEntries(positions.map((p) => [String(p.partition), p.end])) }] : open;
    // Thinned from the middle: the oldest sample is the one that dates the lag.
    const kept = samples.length > MAX_SAMPLES ? [samples[0]!, ...samples.slice(-(MAX_SAMPLES - 1))] : samples;
    await db
      .insert(memory)
      .values({ check: MEMORY_KEY, data: { samples: kept }, updatedAt: now })
      .onConflictDoUpdate({ target: memory.check, set: { data: { samples: kept }, updatedAt: now } });

    const oldest = open[0];
    const lagMs = oldest ? now.getTime() - oldest.at : 0;
    if (lagMs < thresholdMs) return [];
    return [
      {
        key: 'projector-lag',
        kind: 'projector-lag',
        title: 'Reports are behind: events wait to be projected',
        text:
          `Events published ${describeDuration(lagMs)} ago or earlier are not in the reports yet; ${waiting} events wait in all. ` +
          'Is the projector running? Its log (and tracker_projector_lag_seconds) says why it is slow.',
      } satisfies FiringAlert,
    ];
  },
};
