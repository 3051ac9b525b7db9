// The admin's HTTP session against a running tracker: sign in, then JSON reads with the session cookie.
export class AdminSession {
  #cookie = '';
  constructor(readonly base: string) {}

  async signIn(username: string, password: string): Promise<void> {
    const res = await fetch(`${this.base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password }),
    });
    if (res.status !== 200) throw new Error(`sign-in answered ${res.status}: ${await res.text()}`);
    this.#cookie = res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  }

  /** The status and JSON body of a GET; a refused connection is status 0. */
  async get(pathname: string): Promise<{ status: number; body: unknown }> {
    try {
      const res = await fetch(`${this.base}${pathname}`, { headers: { cookie: this.#cookie }, signal: AbortSignal.timeout(10_000) });
      const text = await res.text();
      return { status: res.status, body: text ? (JSON.parse(text) as unknown) : null };
    } catch {
      return { status: 0, body: null };
    }
  }
}
