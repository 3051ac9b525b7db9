// One scenario's outcome as the suite prints it: sent, answered, stored, lost and doubled, plus checks.
export interface Figures {
  scenario: string;
  sent: number;
  answered: number;
  stored: number;
  lost: number;
  doubled: number;
  /** Other conditions the scenario requires, each with whether it held. */
  checks: Array<{ what: string; ok: boolean }>;
  notes: string[];
  /** At-least-once work (queue jobs) may run twice: doubles are reported, not failed. */
  doublesAllowed?: boolean;
}

export const passed = (f: Figures) => f.lost === 0 && (f.doubled === 0 || f.doublesAllowed === true) && f.checks.every((c) => c.ok);

export function printFigures(f: Figures): void {
  console.log(
    `\n${passed(f) ? 'PASS' : 'FAIL'}  ${f.scenario}\n` +
      `      sent ${f.sent}  answered ${f.answered}  stored ${f.stored}  lost ${f.lost}  doubled ${f.doubled}`,
  );
  for (const c of f.checks) console.log(`      ${c.ok ? 'ok  ' : 'FAIL'} ${c.what}`);
  for (const n of f.notes) console.log(`      · ${n}`);
}

/** Answered ids missing from the stored set, and copies beyond one per click (raw rows and rollup). */
export function compareSets(answered: Set<string>, stored: { ids: Set<string>; rows: number; counted: number; keptTwice: number }) {
  let lost = 0;
  for (const id of answered) if (!stored.ids.has(id)) lost += 1;
  const rawCopies = stored.rows - stored.ids.size;
  const countedCopies = Math.max(0, stored.counted - stored.ids.size);
  // Which store holds the extra copies tells a second fact row (the dedup of copies) from a rollup
  // counted twice (a re-inserted unit whose views ran again).
  const detail =
    `copies: ${rawCopies} in the raw clicks, ${countedCopies} in the rollup (${stored.rows} rows, ${stored.counted} counted), ` +
    `${stored.keptTwice} events projected at two log positions`;
  return { lost, doubled: rawCopies + countedCopies + stored.keptTwice, detail };
}

/** A redirect scenario's figures: what the load sent and was answered against what the stores hold. */
export function redirectFigures(
  scenario: string,
  load: { sent: number; errors: number; answered: Set<string> },
  stored: { ids: Set<string>; rows: number; counted: number; keptTwice: number },
  checks: Figures['checks'],
  notes: string[],
  errorsAre = 'requests failed',
): Figures {
  const { lost, doubled, detail } = compareSets(load.answered, stored);
  return {
    scenario,
    sent: load.sent,
    answered: load.answered.size,
    stored: stored.ids.size,
    lost,
    doubled,
    checks,
    notes: [...notes, `${load.errors} ${errorsAre}`, detail],
  };
}
