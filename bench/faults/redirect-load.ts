// The load tool: keep-alive connections sending GET /r/<campaign> at a bounded rate, keeping the click id
// of every 302 it received (from its Location's clickId). Errors (a killed server) are counted and retried.
import http from 'node:http';

export class RedirectLoad {
  sent = 0;
  errors = 0;
  readonly answered = new Set<string>();
  #stopped = false;
  #running: Promise<void> | undefined;
  readonly #agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

  /** `url` is read before every request, so the suite may point the load at a restarted server. */
  constructor(
    readonly url: () => string,
    readonly options: { connections: number; perSecond: number },
  ) {}

  start(): void {
    this.#running = Promise.all(Array.from({ length: this.options.connections }, () => this.#loop())).then(() => {});
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    await this.#running;
    this.#agent.destroy();
  }

  async #loop(): Promise<void> {
    const interval = (1000 * this.options.connections) / this.options.perSecond;
    let next = Date.now();
    while (!this.#stopped) {
      next += interval;
      this.sent += 1;
      try {
        const location = await this.#get(this.url());
        const clickId = location ? new URL(location).searchParams.get('clickId') : null;
        if (clickId) this.answered.add(clickId);
        else this.errors += 1;
      } catch {
        this.errors += 1;
        next = Math.max(next, Date.now() + 50);
      }
      const wait = next - Date.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      else next = Date.now();
    }
  }

  #get(url: string): Promise<string | undefined> {
    return new Promise((resolve, reject) => {
      const request = http.get(url, { agent: this.#agent, timeout: 30_000 }, (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode === 302 ? response.headers.location : undefined));
        response.on('error', reject);
      });
      request.on('timeout', () => request.destroy(new Error('timeout')));
      request.on('error', reject);
    });
  }
}
