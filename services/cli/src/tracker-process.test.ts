// `tracker` as a user runs it: a real process on a fresh DATA_DIR, signals and all.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, test } from '@jest/globals';

const bin = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../bin/tracker.js');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tracker-cli-'));
const children: ChildProcessWithoutNullStreams[] = [];

// The child runs on its embedded defaults whatever engines this test run was given.
const {
  DATABASE_URL: _d,
  CLICKHOUSE_URL: _c,
  KAFKA_BROKERS: _k,
  REDIS_URL: _r,
  ADMIN_USERNAME: _u,
  ADMIN_PASSWORD: _p,
  ...baseEnv
} = process.env;

function tracker(args: string[], env: Record<string, string> = {}) {
  const child = spawn(process.execPath, [bin, ...args], {
    env: { ...baseEnv, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', WEB_DIST: '/nonexistent', ...env },
  });
  children.push(child);
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const output = () => ({ stdout, stderr });
  const waitFor = async (pattern: RegExp, timeoutMs = 60_000) => {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const match = pattern.exec(stdout);
      if (match) return match;
      if (child.exitCode !== null) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`no ${pattern} in output:\n${stdout}\n${stderr}`);
  };
  return { child, exited, output, waitFor };
}

afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('tracker all on a fresh DATA_DIR', () => {
  let password = '';

  test('starts, prints the URL and a one-time admin password that signs in', async () => {
    const first = tracker(['all']);
    const [, url] = (await first.waitFor(/running at (http:\/\/\S+)/)) as unknown as [string, string];
    [, password] = (await first.waitFor(/one-time password: (\S+)/)) as unknown as [string, string];

    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    expect((await fetch(`${url}/api/user`)).status).toBe(401);
    const login = await fetch(`${url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password }),
    });
    expect(login.status).toBe(200);
    expect(await login.json()).toMatchObject({ username: 'admin', role: 'admin' });

    // A second process on the same DATA_DIR is refused while the first runs.
    const second = tracker(['all']);
    expect(await second.exited).toBe(1);
    expect(second.output().stderr).toMatch(/is in use by another tracker process/);

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'tracker.lock'))).toBe(false);
  });

  test('a restart keeps the users and prints no new password', async () => {
    const again = tracker(['all']);
    const [, url] = (await again.waitFor(/running at (http:\/\/\S+)/)) as unknown as [string, string];
    await again.waitFor(/Sign in with an existing account/);
    expect(again.output().stdout).not.toMatch(/one-time password/);
    const login = await fetch(`${url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password }),
    });
    expect(login.status).toBe(200);
    again.child.kill('SIGINT');
    expect(await again.exited).toBe(0);
  });
});

describe('refusals', () => {
  test('a wrong value stops start-up with a message naming the variable', async () => {
    const run = tracker(['all'], { PORT: 'eighty' });
    expect(await run.exited).toBe(1);
    expect(run.output().stderr).toMatch(/PORT/);
  });

  test('a split mode without server URLs refuses to start on the embedded stores', async () => {
    const run = tracker(['api']);
    expect(await run.exited).toBe(1);
    expect(run.output().stderr).toMatch(/tracker api needs DATABASE_URL, CLICKHOUSE_URL/);
  });

  test('an unknown command prints the usage', async () => {
    const run = tracker(['frobnicate']);
    expect(await run.exited).toBe(1);
    expect(run.output().stderr).toMatch(/Unknown command "frobnicate"[\s\S]*Usage: tracker/);
  });
});
