// Failed sign-ins are throttled per client IP and per username, in memory: a window of recent
// failures per key. A process restart forgets them, which only ever loosens the limit.
import { HttpError } from '@tracker/core';

export interface ThrottleLimits {
  perUsername: number;
  perIp: number;
  windowMs: number;
}

export const DEFAULT_LIMITS: ThrottleLimits = { perUsername: 5, perIp: 20, windowMs: 15 * 60 * 1000 };

export class LoginThrottle {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly limits: ThrottleLimits = DEFAULT_LIMITS,
    private readonly now: () => number = Date.now,
  ) {}

  private recent(key: string): number[] {
    const since = this.now() - this.limits.windowMs;
    const times = (this.failures.get(key) ?? []).filter((t) => t > since);
    if (times.length === 0) this.failures.delete(key);
    else this.failures.set(key, times);
    return times;
  }

  /** Throws 429 while either key is over its limit. */
  check(ip: string, username: string): void {
    const byIp = this.recent(`ip:${ip}`);
    const byUser = this.recent(`user:${username.toLowerCase()}`);
    const blocked =
      byIp.length >= this.limits.perIp ? byIp : byUser.length >= this.limits.perUsername ? byUser : null;
    if (!blocked) return;
    const retryAfterMs = blocked[0]! + this.limits.windowMs - this.now();
    const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000));
    throw new HttpError(
      429,
      `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      { 'retry-after': String(Math.ceil(retryAfterMs / 1000)) },
    );
  }

  recordFailure(ip: string, username: string): void {
    const at = this.now();
    for (const key of [`ip:${ip}`, `user:${username.toLowerCase()}`]) {
      this.failures.set(key, [...this.recent(key), at]);
    }
    if (this.failures.size > 100_000) this.sweep();
  }

  recordSuccess(username: string): void {
    this.failures.delete(`user:${username.toLowerCase()}`);
  }

  private sweep(): void {
    for (const key of [...this.failures.keys()]) this.recent(key);
  }
}
