// What the stores hold after a scenario, read in this process through the product's own code: a tracker
// (runServices, the same engines and DATA_DIR as the killed processes) forwards any spill, projects the
// rest of the log, and then the click ids of the campaign are read from ClickHouse.
import { loadConfig, schema, spillStatusOf, CATALOG_CHANNEL, type Stores } from '@tracker/core';
import { runServices, type RunningServices } from '@tracker/cli';

export interface StoredClicks {
  ids: Set<string>;
  /** Raw click rows of the campaign (a second copy of a click is a second row). */
  rows: number;
  /** The campaign's clicks in the report rollup (what the dashboard counts). */
  counted: number;
  /** Events (of any campaign) projected at more than one log position: copies the projector kept twice.
   *  The raw tables are ReplacingMergeTree, so a merge can hide a second raw row; these positions stay. */
  keptTwice: number;
}

async function until(condition: () => Promise<boolean>, what: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs / 1000} s waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Runs `work` against the stores of a tracker started in this process on `env`. */
export async function withTracker<T>(env: Record<string, string>, work: (running: RunningServices) => Promise<T>): Promise<T> {
  const config = loadConfig({ ...env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'error', WEB_DIST: '/nonexistent' });
  const running = await runServices('all', config);
  try {
    return await work(running);
  } finally {
    await running.stop();
  }
}

/** A lander and a campaign the load sends its clicks to. */
export async function seedCampaign(stores: Stores, campaignId: string): Promise<void> {
  const db = stores.entities!.db;
  const [lander] = await db.insert(schema.landers).values({ name: `Fault ${campaignId}`, url: 'https://lander.example/quiz' }).returning();
  await db.insert(schema.campaigns).values({ id: campaignId, name: campaignId, landerId: lander!.id });
  await stores.entities!.changes.notify(CATALOG_CHANNEL);
}

/** Waits until the spill is forwarded and the projector has committed the whole log, then reads. */
export async function storedClicks(running: RunningServices, campaignId: string, timeoutMs = 120_000): Promise<StoredClicks> {
  const { eventLog, analytics } = running.stores;
  await until(async () => (spillStatusOf(eventLog)?.records ?? 0) === 0, 'the spill to be forwarded', timeoutMs);
  await until(
    async () => (await eventLog!.positions('projector')).every((p) => p.committed >= p.end),
    'the projector to catch up',
    timeoutMs,
  );
  const rows = await analytics!.query<{ click_id: string }>('SELECT click_id FROM clicks WHERE campaign_id = {c:String}', { c: campaignId });
  const [rollup] = await analytics!.query<{ n: string | number }>(
    'SELECT sum(clicks) AS n FROM report_clicks_daily WHERE campaign_id = {c:String}',
    { c: campaignId },
  );
  const [twice] = await analytics!.query<{ n: string | number }>(
    'SELECT count() AS n FROM (SELECT event_id FROM event_positions GROUP BY event_id HAVING uniqExact(log_partition, log_offset) > 1)',
  );
  return { ids: new Set(rows.map((r) => r.click_id)), rows: rows.length, counted: Number(rollup?.n ?? 0), keptTwice: Number(twice?.n ?? 0) };
}
