// A workers process for rule-kill.test.ts: evaluates every enabled rule, as the rules job does, on the stores and
// the TikTok fake it is given, and is SIGKILLed by the test while TikTok holds back the answer to its pause.
import { createLogger } from '@tracker/core';
import { openChdbAnalytics, openEntities } from '@tracker/core/testing';
import { evaluateEnabledRules } from '@tracker/api';
import { DEFAULT_NOTIFY_OPTIONS } from '@tracker/integrations';
import { LOCAL_FAKES_OUTGOING } from '../fakes/local-fakes-outgoing';

const [store, chdbDir, tiktokApiUrl, keyHex, now] = process.argv.slice(2) as [string, string, string, string, string];
const entities = await openEntities(store.startsWith('postgres') ? { databaseUrl: store } : { pgliteDir: store });
const analytics = await openChdbAnalytics(chdbDir);
process.stdout.write('EVALUATING\n');
await evaluateEnabledRules(
  { db: entities.db, analytics, secretsKey: Buffer.from(keyHex, 'hex'), tiktokApiUrl, outgoing: LOCAL_FAKES_OUTGOING, notify: DEFAULT_NOTIFY_OPTIONS, logger: createLogger('silent') },
  Number(now),
);
process.stdout.write('FINISHED\n');
