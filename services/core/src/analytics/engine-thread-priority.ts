// The embedded engine's upkeep at the lowest priority: chDB merges parts in threads of its own, and on a small machine
// those merges are what take both cores from the click redirect's thread in bursts. Niced, they run as fast as before
// whenever a core is free and wait only when one is not. (The engine's own `os_threads_nice_value_merge_mutate` is
// accepted by chDB but leaves its merge threads at nice 0, so they are set here, by name, from outside.)
import fs from 'node:fs/promises';
import os from 'node:os';

/** chDB's upkeep threads: merges and mutations, their scheduling, moves and fetches. MemoryWorker keeps the priority
 *  the engine gives it (it tracks the engine's memory); query threads are niced per statement (chdb-analytics.ts). */
export const UPKEEP_THREAD = /^(MergeMutate|BgSchPool|BgStrmSchPool|BgDistSchPool|BgMBSchPool|PoolDelayExec|Move|Fetch|Common)$/;

export interface ProcessThread {
  tid: number;
  /** The thread's name (`comm`): 'node' for Node's own, the engine names its pools. */
  name: string;
  nice: number;
}

/** This process's threads, from /proc (Linux); a thread that ends while they are read is left out. */
export async function processThreads(): Promise<ProcessThread[]> {
  const threads: ProcessThread[] = [];
  for (const tid of await fs.readdir('/proc/self/task')) {
    try {
      const stat = await fs.readFile(`/proc/self/task/${tid}/stat`, 'utf8');
      const nameEnd = stat.lastIndexOf(')');
      // Fields after the name start at the third (state); the nineteenth is the nice value.
      threads.push({ tid: Number(tid), name: stat.slice(stat.indexOf('(') + 1, nameEnd), nice: Number(stat.slice(nameEnd + 2).split(' ')[16]) });
    } catch {
      // The thread ended between the listing and here.
    }
  }
  return threads;
}

/** Sets every upkeep thread of this process to `nice`; returns how many it changed. Linux only (a thread's nice is its
 *  own there; elsewhere nothing is changed). */
export async function niceUpkeepThreads(nice: number): Promise<number> {
  if (process.platform !== 'linux') return 0;
  let changed = 0;
  for (const thread of await processThreads()) {
    if (!UPKEEP_THREAD.test(thread.name) || thread.nice === nice) continue;
    try {
      os.setPriority(thread.tid, nice);
      changed += 1;
    } catch {
      // The thread ended meanwhile.
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
