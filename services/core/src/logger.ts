// The process logger (pino, JSON lines). Credentials are redacted wherever they appear in a log object.
import { pino, type Logger } from 'pino';

export type { Logger };

export const REDACTED_PATHS = [
  'password',
  '*.password',
  'accessToken',
  '*.accessToken',
  'token',
  '*.token',
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  'req.query.key',
];

export function createLogger(level: string, name = 'tracker'): Logger {
  return pino({ name, level, redact: { paths: REDACTED_PATHS, censor: '[redacted]' } });
}
