// Sign-in throttling, in memory: each attempt is counted the moment it arrives (before the slow
// password hash), per (username, client IP), per client IP, and per username from any address: each
// answers 429 over its limit. Per username, failures first slow attempts down, and the 429 lasts only
// until the window passes, so the owner gets back in. A restart forgets the counts (looser, never stricter).
import { HttpError } from '@tracker/core';
import { usernameKey } from './username-key';

export interface ThrottleLimits {
  /** Attempts on one username from one client IP within the window; then 429. */
  perUsernameAndIp: number;
  /** Attempts from one client IP, over all usernames, within the window; then 429. */
  perIp: number;
  /** Failures on one username, from any mix of addresses, within the window; then 429 (client IPs are
   *  cheap to vary through a proxy or a botnet, the username is not). */
  perUsername: number;
  windowMs: number;
  /** Failures on one username (from any IP) within the window before further attempts wait. */
  freeFailuresPerUsername: number;
  /** The wait grows by this much per failure beyond the free ones ... */
  delayStepMs: number;
  /** ... up to this, so an account under attack stays reachable for its owner. */
  maxDelayMs: number;
}

export const DEFAULT_LIMITS: ThrottleLimits = {
  perUsernameAndIp: 5,
  perIp: 20,
  perUsername: 10,
  windowMs: 15 * 60 * 1000,
  freeFailuresPerUsername: 5,
  delayStepMs: 1000,
  maxDelayMs: 10_000,
};

export interface LoginAttempt {
  /** How long to wait before checking the password: the username's slow-down. */
  delayMs: number;
  /** The password was right: this attempt no longer counts, nor do this client's earlier failures on the username. */
  succeeded(): void;
}

export class LoginThrottle {
  private readonly attempts = new Map<string, number[]>();
  private readonly limits: ThrottleLimits;

  constructor(
    limits: Partial<ThrottleLimits> = {},
    private readonly now: () => number = Date.now,
  ) {
    this.limits = { ...DEFAULT_LIMITS, ...limits };
  }

  private recent(key: string): number[] {
    const since = this.now() - this.limits.windowMs;
    const times = (this.attempts.get(key) ?? []).filter((t) => t > since);
    if (times.length === 0) this.attempts.delete(key);
    else this.attempts.set(key, times);
    return times;
  }

  /**
   * Counts an attempt, or throws 429 when its client is over a limit. Synchronous on purpose: the
   * check and the count happen in one turn of the event loop, so parallel requests cannot all pass
   * the check while the first ones are still hashing. Attempts stand as failures until `succeeded`.
   */
  begin(ip: string, username: string): LoginAttempt {
    const name = usernameKey(username);
    const keys = { ip: `ip:${ip}`, pair: `pair:${ip}\n${name}`, user: `user:${name}` };
    const byIp = this.recent(keys.ip);
    const byPair = this.recent(keys.pair);
    const byUser = this.recent(keys.user);
    if (byIp.length >= this.limits.perIp) this.reject(byIp, this.limits.perIp);
    if (byPair.length >= this.limits.perUsernameAndIp) this.reject(byPair, this.limits.perUsernameAndIp);
    if (byUser.length >= this.limits.perUsername) this.reject(byUser, this.limits.perUsername);

    const earlierFailures = byUser.length;
    const over = earlierFailures - this.limits.freeFailuresPerUsername + 1;
    const delayMs = over > 0 ? Math.min(this.limits.maxDelayMs, over * this.limits.delayStepMs) : 0;

    const at = this.now();
    for (const key of Object.values(keys)) this.attempts.set(key, [...this.recent(key), at]);
    // Past this many the delay is at its cap and the 429 is on anyway: a username attacked from many addresses keeps a bounded list.
    const userTimes = this.attempts.get(keys.user)!;
    const kept = Math.max(
      this.limits.perUsername,
      this.limits.freeFailuresPerUsername + Math.ceil(this.limits.maxDelayMs / Math.max(1, this.limits.delayStepMs)),
    );
    if (userTimes.length > kept) userTimes.splice(0, userTimes.length - kept);
    if (this.attempts.size > 100_000) this.sweep();

    return {
      delayMs,
      succeeded: () => {
        this.attempts.delete(keys.pair);
        for (const key of [keys.ip, keys.user]) this.forget(key, at);
      },
    };
  }

  private forget(key: string, at: number): void {
    const times = this.attempts.get(key);
    const index = times?.indexOf(at) ?? -1;
    if (index >= 0) times!.splice(index, 1);
  }

  /** `blocking` holds at least `limit` times, oldest first: the client may try again once all but limit - 1 have aged out. */
  private reject(blocking: number[], limit: number): never {
    const retryAfterMs = Math.max(1000, blocking[blocking.length - limit]! + this.limits.windowMs - this.now());
    const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000));
    throw new HttpError(
      429,
      `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      { 'retry-after': String(Math.ceil(retryAfterMs / 1000)) },
    );
  }

  private sweep(): void {
    for (const key of [...this.attempts.keys()]) this.recent(key);
  }
}
