// `tracker all` owns DATA_DIR: PGlite takes no lock of its own, and two processes on one PGlite
// folder silently lose rows. A lock file created with O_EXCL naming its owner; a dead owner's is taken over.
import fs from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
}

/** What the lock file records. `startTicks` tells the owner apart from a later process given its pid. */
interface LockOwner {
  pid: number;
  /** Field 22 of /proc/<pid>/stat (start time in clock ticks since boot); absent where there is no /proc. */
  startTicks?: string;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readProc(pid: number, file: string): string | undefined {
  try {
    return fs.readFileSync(`/proc/${pid}/${file}`, 'utf8');
  } catch {
    return undefined;
  }
}

function startTicksOf(pid: number): string | undefined {
  const stat = readProc(pid, 'stat');
  // The command name (field 2) may hold spaces and parentheses: count fields after its last ')'.
  return stat?.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
}

function parseOwner(text: string): LockOwner | undefined {
  const trimmed = text.trim();
  // Lock files of earlier versions hold the bare pid.
  if (/^\d+$/.test(trimmed)) return { pid: Number(trimmed) };
  try {
    const parsed = JSON.parse(trimmed) as Partial<LockOwner>;
    if (Number.isInteger(parsed.pid) && parsed.pid! > 0) {
      return { pid: parsed.pid!, startTicks: typeof parsed.startTicks === 'string' ? parsed.startTicks : undefined };
    }
  } catch {
    // Half-written or foreign: no owner.
  }
  return undefined;
}

/**
 * Whether the recorded owner still runs. After a crash and a reboot its pid may belong to any other
 * process, so a live pid alone proves nothing: its start time must match the recorded one. A bare pid
 * (an earlier version's lock) counts only while that process's command line names the tracker.
 */
function ownerRuns(owner: LockOwner): boolean {
  if (owner.pid === process.pid || !isAlive(owner.pid)) return false;
  const ticks = startTicksOf(owner.pid);
  if (ticks === undefined) return true; // No /proc here: a live pid is the best evidence there is.
  if (owner.startTicks !== undefined) return owner.startTicks === ticks;
  return /bin\/tracker\.js|cli\/src\/main\.ts/.test(readProc(owner.pid, 'cmdline') ?? '');
}

/** The lock file's text for the live process `pid`; tests write it to stand in for a running tracker. */
export function lockRecordOf(pid: number): string {
  return JSON.stringify({ pid, startTicks: startTicksOf(pid) } satisfies LockOwner);
}

/** Takes the lock or throws DataDirLockedError; returns the release function. */
export function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'tracker.lock');
  const mine = lockRecordOf(process.pid);
  for (let tries = 0; tries < 2; tries++) {
    try {
      const fd = fs.openSync(file, 'wx', 0o644);
      fs.writeSync(fd, mine);
      fs.closeSync(fd);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        try {
          if (fs.readFileSync(file, 'utf8') === mine) fs.unlinkSync(file);
        } catch {
          // Already gone: nothing to release.
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = parseOwner(fs.readFileSync(file, 'utf8'));
      if (owner && ownerRuns(owner)) {
        throw new DataDirLockedError(
          `${dataDir} is in use by another tracker process (pid ${owner.pid}). ` +
            'The embedded stores belong to one process: stop it, or run the split modes on server engines.',
        );
      }
      fs.rmSync(file, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock ${dataDir}`);
}
