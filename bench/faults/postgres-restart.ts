// `tracker all` on PostgreSQL, the server restarted under redirect load: redirects keep being answered
// (the catalog is in memory), the api answers again without a restart (its pool replaces dead
// connections), the catalog's LISTEN connection reconnects (a campaign created afterwards is served within
// seconds, well before the catalog's 60 s refresh), and every click answered is stored once.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openEntities } from '@tracker/core/testing';
import type { FaultServices } from './fault-services';
import { redirectFigures, type Figures } from './figures';
import { RedirectLoad } from './redirect-load';
import { AdminSession } from './session';
import { seedCampaign, storedClicks, withTracker } from './stored-clicks';
import { TrackerChild } from './tracker-child';
import { sleep, waitFor } from './wait';

async function redirects(url: string): Promise<boolean> {
  try {
    const res = await fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(5000) });
    return res.status === 302;
  } catch {
    return false;
  }
}

export async function postgresRestart(port: number, services: FaultServices, databaseUrl: string): Promise<Figures> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'faults-pg-'));
  const env = { DATA_DIR: dataDir, PORT: String(port), DATABASE_URL: databaseUrl, ADMIN_USERNAME: 'admin', ADMIN_PASSWORD: 'admin-password' };
  const campaign = 'faultPostgres';
  const checks: Figures['checks'] = [];
  const notes: string[] = [];
  try {
    await withTracker(env, (r) => seedCampaign(r.stores, campaign));
    const tracker = new TrackerChild('all', env);
    await tracker.start();
    const base = `http://127.0.0.1:${port}`;
    const admin = new AdminSession(base);
    await admin.signIn('admin', 'admin-password');
    const load = new RedirectLoad(() => `${base}/r/${campaign}`, { connections: 8, perSecond: 300 });
    load.start();
    await sleep(2000);

    await services.down('postgres');
    const downAt = Date.now();
    const answeredAtStop = load.answered.size;
    await sleep(3000);
    checks.push({ what: `redirects answered while PostgreSQL was down (${load.answered.size - answeredAtStop})`, ok: load.answered.size - answeredAtStop > 100 });
    await services.up('postgres');
    notes.push(`PostgreSQL down for ${((Date.now() - downAt) / 1000).toFixed(1)} s`);

    const apiBack = await waitFor(async () => (await admin.get('/api/settings')).status === 200, 'the api to answer again', 30_000);
    checks.push({ what: 'the api answers again without a restart', ok: apiBack });

    const entities = await openEntities({ databaseUrl });
    try {
      await seedCampaign({ entities, close: async () => {} }, 'faultAfterRestart');
    } finally {
      await entities.close();
    }
    const heard = await waitFor(() => redirects(`${base}/r/faultAfterRestart`), 'the new campaign to be served', 20_000);
    checks.push({ what: "a campaign created after the restart is served within 20 s (the catalog's LISTEN reconnected)", ok: heard });

    await sleep(1000);
    await load.stop();
    await tracker.stop();
    checks.push({ what: 'the tracker was never restarted', ok: tracker.starts === 1 });
    const stored = await withTracker(env, (r) => storedClicks(r, campaign));
    return redirectFigures('tracker all on PostgreSQL: the server restarted under redirect load', load, stored, checks, notes);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
