// The rules job: every enabled rule evaluated once (the engine is the api's rules feature, handed in by the
// process, as the auto-optimiser's weighing is). A rule that fails is logged and the others still run; the
// job then fails so the queue shows it, and the next slot evaluates every rule again.
import type { JobProcessor, Logger } from '@tracker/core';

export type EvaluateRules = (now: number) => Promise<{ rules: number; failed: Array<{ ruleId: number; error: string }> }>;

export function ruleEvaluationJob(deps: { evaluateRules: EvaluateRules; logger: Logger }): JobProcessor<unknown, { rules: number }> {
  return async () => {
    const run = await deps.evaluateRules(Date.now());
    if (run.failed.length > 0) {
      throw new Error(`Rule evaluation failed for ${run.failed.map((f) => `rule ${f.ruleId} (${f.error})`).join(', ')}`);
    }
    return { rules: run.rules };
  };
}
