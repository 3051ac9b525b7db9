// The embedded engine's upkeep at the lowest priority: chDB merges parts in threads of its own, and on a small machine
// those merges are what take both cores from the click redirect's thread in bursts. Niced, they run as fast as before
// whenever a core is free and wait only when one is not. (The engine's own `os_threads_nice_value_merge_mutate` is
// accepted by chDB but leaves its merge threads at nice 0, so they are set here, by name, from outside.)
import fs from 'node:fs/promises';
import os from 'node:os';

/** chDB's upkeep threads: merges and mutations, their scheduling, moves and fetches. MemoryWorker keeps the priority
 *  the engine gives it (it tracks the engine's memory); query threads are niced per statement (chdb-analytics.ts). */
export const UPKEEP_THREAD = /^(MergeMutate|BgSchPool|BgStrmSchPool|BgDistSchPool|BgMBSchPool|PoolDelayExec|Move|Fetch|Common)$/;

/** Sets every upkeep thread of this process to `nice`; returns how many it changed. Linux only (a thread's nice is its
 *  own there; elsewhere nothing is changed). */
export async function niceUpkeepThreads(nice: number): Promise<number> {
  if (process.platform !== 'linux') return 0;
  let changed = 0;
  for (const tid of await fs.readdir('/proc/self/task')) {
    try {
      const stat = await fs.readFile(`/proc/self/task/${tid}/stat`, 'utf8');
      const nameEnd = stat.lastIndexOf(')');
      if (!UPKEEP_THREAD.test(stat.slice(stat.indexOf('(') + 1, nameEnd))) continue;
      // Fields after the name start at the third (state); the nineteenth is the nice value.
      if (Number(stat.slice(nameEnd + 2).split(' ')[16]) === nice) continue;
      os.setPriority(Number(tid), nice);
      changed += 1;
    } catch {
      // The thread ended between the listing and here.
    }
  }
  return changed;
}

/** Nices the upkeep threads now and again every `everyMs` (an engine starts pool threads as it needs them); the
 *  returned function stops it. The timer never keeps the process alive. */
export function keepUpkeepThreadsNiced(nice: number, everyMs = 10_000): () => void {
  const run = () => void niceUpkeepThreads(nice).catch(() => undefined);
  run();
  const timer = setInterval(run, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
