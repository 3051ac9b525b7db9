// `tracker all` on its embedded stores, SIGKILLed three times at random moments under redirect load and
// restarted on the same DATA_DIR each time: every click answered 302 must be stored exactly once, and each
// restart must get past the stale lock file and any torn log tail.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { redirectFigures, type Figures } from './figures';
import { RedirectLoad } from './redirect-load';
import { seedCampaign, storedClicks, withTracker } from './stored-clicks';
import { TrackerChild } from './tracker-child';
import { sleep } from './wait';

export async function killedEmbedded(port: number): Promise<Figures> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'faults-embedded-'));
  const env = { DATA_DIR: dataDir, PORT: String(port) };
  const campaign = 'faultEmbedded';
  try {
    await withTracker(env, (r) => seedCampaign(r.stores, campaign));
    const tracker = new TrackerChild('all', env);
    await tracker.start();
    const load = new RedirectLoad(() => `http://127.0.0.1:${port}/r/${campaign}`, { connections: 8, perSecond: 600 });
    load.start();
    const checks: Figures['checks'] = [];
    const notes: string[] = [];
    for (let kill = 1; kill <= 3; kill++) {
      const after = 1000 + Math.round(Math.random() * 2000);
      await sleep(after);
      const answeredBefore = load.answered.size;
      await tracker.kill();
      const killedAt = Date.now();
      let restarted = true;
      try {
        await tracker.start();
      } catch (error) {
        restarted = false;
        notes.push((error as Error).message.slice(0, 2000));
      }
      checks.push({ what: `restart ${kill} after SIGKILL at +${after} ms (${answeredBefore} answered so far) serves again`, ok: restarted });
      if (!restarted) break;
      notes.push(`restart ${kill}: serving again ${((Date.now() - killedAt) / 1000).toFixed(1)} s after the kill` +
        (/torn tail/.test(tracker.output) ? ', cut a torn log tail' : ''));
    }
    await sleep(1500);
    await load.stop();
    await tracker.stop();
    const stored = await withTracker(env, (r) => storedClicks(r, campaign));
    checks.push({ what: 'the load was answered between the kills', ok: load.answered.size > 100 });
    return redirectFigures('tracker all (embedded) SIGKILLed 3× under redirect load', load, stored, checks, notes, 'requests failed while the server was down');
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
