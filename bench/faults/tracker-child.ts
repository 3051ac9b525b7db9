// One `tracker` process as an operator runs it (node services/cli/bin/tracker.js <mode>), which the fault
// suite kills with SIGKILL, stops with SIGTERM and starts again on the same DATA_DIR.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const bin = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../services/cli/bin/tracker.js');

/** The engines the suite's own servers provide; never the ones of the shell that started it. */
const { DATABASE_URL: _d, CLICKHOUSE_URL: _c, KAFKA_BROKERS: _k, REDIS_URL: _r, ...baseEnv } = process.env;

export class TrackerChild {
  #child: ChildProcess | undefined;
  #output = '';
  /** Everything every start of this process wrote, for a failed scenario's post-mortem. */
  #history = '';
  starts = 0;

  constructor(
    readonly mode: string,
    readonly env: Record<string, string>,
  ) {}

  /** Starts the process and resolves once it has started (the "Stop with Ctrl+C." every mode prints last,
   *  after an HTTP mode's "running at" line). */
  async start(timeoutMs = 120_000): Promise<void> {
    this.#output = '';
    const child = spawn(process.execPath, [bin, this.mode], {
      env: { ...baseEnv, HOST: '127.0.0.1', LOG_LEVEL: 'warn', WEB_DIST: '/nonexistent', ...this.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.#child = child;
    this.starts += 1;
    this.#history += `\n--- start ${this.starts} at ${new Date().toISOString()}\n`;
    const collect = (d: Buffer) => {
      this.#output += d.toString();
      this.#history += d.toString();
    };
    child.stdout!.on('data', collect);
    child.stderr!.on('data', collect);
    const deadline = Date.now() + timeoutMs;
    while (!/Stop with Ctrl\+C\./.test(this.#output)) {
      if (child.exitCode !== null) throw new Error(`tracker ${this.mode} exited with ${child.exitCode}:\n${this.#output.slice(-4000)}`);
      if (Date.now() > deadline) throw new Error(`tracker ${this.mode} did not start within ${timeoutMs / 1000} s:\n${this.#output.slice(-4000)}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  /** As a supervisor (systemd Restart=, Kubernetes) does: starts again while start-up fails, until the
   *  deadline. Resolves with the number of failed starts. */
  async startSupervised(timeoutMs = 180_000): Promise<{ failedStarts: number; lastFailure?: string }> {
    const deadline = Date.now() + timeoutMs;
    let failedStarts = 0;
    let lastFailure: string | undefined;
    for (;;) {
      try {
        await this.start(Math.max(1000, deadline - Date.now()));
        return { failedStarts, lastFailure };
      } catch (error) {
        failedStarts += 1;
        lastFailure = (error as Error).message.split('\n').slice(-3).join(' ').trim();
        if (Date.now() > deadline) throw error;
        await new Promise((r) => setTimeout(r, 2000));
      }
    }
  }

  get output(): string {
    return this.#output;
  }

  get history(): string {
    return this.#history;
  }

  /** SIGKILL: no drain, no flush, the lock file and maybe a torn log tail left behind. */
  async kill(): Promise<void> {
    await this.#signal('SIGKILL');
  }

  /** SIGTERM: the orderly shutdown (stop requests, drain, flush, release DATA_DIR). */
  async stop(): Promise<void> {
    await this.#signal('SIGTERM');
  }

  async #signal(signal: NodeJS.Signals): Promise<void> {
    const child = this.#child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill(signal);
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    await exited;
    clearTimeout(timer);
  }
}
