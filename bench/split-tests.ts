// The split-test verdict on simulated traffic whose truth is known: how often two equal arms are declared a winner
// when the buyer reads the verdict every hour for two weeks, how often a real 20 % relative lift is found, and what
// the naive rule (95 % probability to be best, read every hour) would have done. Figures for docs/split-tests.md.
//   npx tsx bench/split-tests.ts [runs]     (default 2000 runs a scenario)
import { simulateSplitTests, type SimulationOptions } from '@tracker/core/testing';

const runs = Number(process.argv[2] ?? 2000);
const PAYOUTS = [1000, 1000, 1000, 2500, 2500, 6000];
const scenarios: Array<{ name: string; options: Omit<SimulationOptions, 'runs' | 'seed' | 'arms' | 'rule'>; rate: number }> = [
  { name: 'CR 4 %, 100 visits/h an arm', options: { metric: 'cr', visitsPerHourPerArm: 100, hours: 336 }, rate: 0.04 },
  { name: 'CR 1 %, 300 visits/h an arm', options: { metric: 'cr', visitsPerHourPerArm: 300, hours: 336 }, rate: 0.01 },
  { name: 'CR 10 %, 20 visits/h an arm', options: { metric: 'cr', visitsPerHourPerArm: 20, hours: 336 }, rate: 0.1 },
  { name: 'EPV, CR 4 %, payouts $10–$60, 100 visits/h', options: { metric: 'epv', visitsPerHourPerArm: 100, hours: 336, payoutsCents: PAYOUTS }, rate: 0.04 },
];

const percent = (count: number) => `${((100 * count) / runs).toFixed(1)} %`;
console.log(`| scenario (two weeks, a look every hour, ${runs} runs each) | equal arms: a winner declared | naive rule on equal arms | +20 % arm found (median hours) | wrong arm declared |`);
console.log('|---|---|---|---|---|');
for (const [i, s] of scenarios.entries()) {
  const equalArms = [{ id: 'A', conversionRate: s.rate }, { id: 'B', conversionRate: s.rate }];
  const equal = simulateSplitTests({ ...s.options, runs, seed: 100 + i, arms: equalArms });
  const naive = simulateSplitTests({ ...s.options, runs, seed: 100 + i, arms: equalArms, rule: 'naive' });
  const lift = simulateSplitTests({ ...s.options, runs, seed: 200 + i, arms: [{ id: 'A', conversionRate: s.rate }, { id: 'B', conversionRate: s.rate * 1.2 }] });
  const falseWinners = (equal.winners.A ?? 0) + (equal.winners.B ?? 0);
  const naiveWinners = (naive.winners.A ?? 0) + (naive.winners.B ?? 0);
  console.log(`| ${s.name} | ${percent(falseWinners)} | ${percent(naiveWinners)} | ${percent(lift.winners.B ?? 0)} (${lift.medianHoursToWinner ?? '—'} h) | ${percent(lift.winners.A ?? 0)} |`);
}
