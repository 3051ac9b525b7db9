// The fault suite's own PostgreSQL, Redis and Kafka: scripts/services.sh with a state dir and ports of its
// own, so stopping and restarting them never touches a developer's (54329...) or CI's (54339...) servers.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export type ServiceName = 'postgres' | 'redis' | 'kafka';

/** The stores the suite runs its own of: `services.sh up` without names would also start the proxy and IMAP server. */
const STORES: ServiceName[] = ['postgres', 'redis', 'kafka'];

export const FAULT_PORTS = { PG_PORT: '54369', REDIS_PORT: '63839', KAFKA_PORT: '19132', KAFKA_CONTROLLER_PORT: '19133' };

export class FaultServices {
  constructor(readonly dir: string) {}

  #env(): NodeJS.ProcessEnv {
    return { ...process.env, ...FAULT_PORTS, SERVICES_DIR: this.dir, REDIS_APPENDONLY: 'yes' };
  }

  async #services(args: string[]): Promise<string> {
    try {
      const { stdout } = await run('bash', [path.join(repo, 'scripts/services.sh'), ...args], {
        env: this.#env(),
        maxBuffer: 16 * 1024 * 1024,
        timeout: 180_000,
      });
      return stdout;
    } catch (error) {
      const e = error as { stderr?: string; message: string };
      throw new Error(`services.sh ${args.join(' ')} failed: ${e.message}\n${e.stderr ?? ''}`);
    }
  }

  /** Starts the named servers (PostgreSQL, Redis and Kafka by default) and returns their URLs. */
  async up(...names: ServiceName[]): Promise<Record<string, string>> {
    const exports = await this.#services(['up', ...(names.length > 0 ? names : STORES)]);
    const urls: Record<string, string> = {};
    for (const match of exports.matchAll(/^export (\w+)=['"]?([^'"\n]*)['"]?$/gm)) urls[match[1]!] = match[2]!;
    return urls;
  }

  async down(...names: ServiceName[]): Promise<void> {
    await this.#services(['down', ...(names.length > 0 ? names : STORES)]);
  }
}
