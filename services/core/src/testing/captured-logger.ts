// A pino logger whose lines a test reads back as objects, to assert that a failure was logged (once)
// through the logger rather than printed or dropped.
import { pino, type Logger } from 'pino';

export interface LogLine {
  level: number;
  msg: string;
  err?: { message?: string };
  [field: string]: unknown;
}

export interface CapturedLogger {
  logger: Logger;
  readonly lines: LogLine[];
  /** Resolves with the first line matching `predicate`, or rejects after `timeoutMs`. */
  waitFor(predicate: (line: LogLine) => boolean, timeoutMs?: number): Promise<LogLine>;
}

export const LEVEL = { info: 30, warn: 40, error: 50 } as const;

export function captureLogger(): CapturedLogger {
  const lines: LogLine[] = [];
  const logger = pino({ level: 'trace' }, { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) });
  return {
    logger,
    lines,
    async waitFor(predicate, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = lines.find(predicate);
        if (found) return found;
        if (Date.now() > deadline) {
          throw new Error(`no matching log line within ${timeoutMs} ms; logged:\n${lines.map((l) => JSON.stringify(l)).join('\n')}`);
        }
        await new Promise((r) => setTimeout(r, 20));
      }
    },
  };
}
