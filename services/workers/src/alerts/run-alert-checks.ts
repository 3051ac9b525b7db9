// The alert-checks job: every check in turn (one that fails changes nothing of its kind and stops no
// other), each answer reconciled into the alert states (firing once, resolving once), then the outbox
// sent. Runs every ALERT_CHECK_MINUTES (schedule-alert-checks.ts), one at a time.
import { reconcileAlerts, type Analytics, type Db, type EventLog, type JobProcessor, type Logger } from '@tracker/core';
import { deliverAlerts, type DeliveryTotals, type NotifyOptions } from '@tracker/integrations';
import type { AlertKind } from '@tracker/schemas';
import { readReportTimezone, type AlertCheck } from './alert-check';
import { conversionsStoppedCheck } from './check-conversions-stopped';
import { domainsCheck } from './check-domains';
import { eventLogSpillCheck } from './check-event-log-spill';
import { projectorLagCheck } from './check-projector-lag';
import { spendSyncCheck } from './check-spend-sync';

export const ALERT_CHECKS: readonly AlertCheck[] = [spendSyncCheck, conversionsStoppedCheck, projectorLagCheck, eventLogSpillCheck, domainsCheck];

export interface AlertCheckDeps {
  db: Db;
  analytics: Analytics;
  eventLog?: EventLog;
  /** The projector's consumer group (default 'projector'). */
  projectorGroup?: string;
  secretsKey: Buffer;
  notify: NotifyOptions;
  logger: Logger;
  now?: () => Date;
}

export interface AlertCheckOutcome {
  /** Kinds checked; `skipped` could not tell (no event log here); `failed` threw (logged). */
  checked: AlertKind[];
  skipped: AlertKind[];
  failed: AlertKind[];
  fired: string[];
  resolved: string[];
  delivery: DeliveryTotals;
}

export async function checkAlerts(deps: AlertCheckDeps): Promise<AlertCheckOutcome> {
  const now = (deps.now ?? (() => new Date()))();
  const timezone = await readReportTimezone(deps.db);
  const outcome: AlertCheckOutcome = { checked: [], skipped: [], failed: [], fired: [], resolved: [], delivery: { sent: 0, failed: 0, waiting: 0 } };
  const ctx = { db: deps.db, analytics: deps.analytics, eventLog: deps.eventLog, projectorGroup: deps.projectorGroup ?? 'projector', now, timezone };
  for (const check of ALERT_CHECKS) {
    try {
      const firing = await check.run(ctx);
      if (firing === null) {
        outcome.skipped.push(check.kind);
        continue;
      }
      for (const event of await reconcileAlerts(deps.db, check.kind, firing, now)) {
        (event.state === 'firing' ? outcome.fired : outcome.resolved).push(event.key);
      }
      outcome.checked.push(check.kind);
    } catch (error) {
      // Its alerts stay as they are: a check that cannot look must not resolve (or fire) anything.
      outcome.failed.push(check.kind);
      deps.logger.error({ err: error, check: check.kind }, 'an alert check failed');
    }
  }
  outcome.delivery = await deliverAlerts({ db: deps.db, secretsKey: deps.secretsKey, notify: deps.notify, logger: deps.logger, now: deps.now });
  return outcome;
}

export function runAlertChecks(deps: AlertCheckDeps): JobProcessor<unknown, AlertCheckOutcome> {
  return async () => checkAlerts(deps);
}
