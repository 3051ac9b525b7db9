// The process startChdbHttpProcess() runs: ClickHouse's HTTP interface on the chDB store in argv[2], on a
// free port of 127.0.0.1 (argv[3] to choose one). Its stdout: "listening on <url>", then "insert <table> <token>"
// as each INSERT with data arrives and "held <table> <token>" when a held answer is waiting. Its stdin:
// "hold <table>" holds the answer of the next INSERT into <table>, "release <table>" sends it. Stops on SIGTERM.
import fs from 'node:fs';
import readline from 'node:readline';
import { serveChdbOverHttp } from './chdb-http';

const dir = process.argv[2];
if (!dir) throw new Error('usage: chdb-http-main.ts DIR [PORT]');
fs.mkdirSync(dir, { recursive: true });
const server = await serveChdbOverHttp(dir, Number(process.argv[3] ?? 0));
server.onInsert = (table, token) => process.stdout.write(`insert ${table} ${token}\n`);
const releases = new Map<string, () => void>();
readline.createInterface({ input: process.stdin }).on('line', (line) => {
  const [command, table = ''] = line.trim().split(/\s+/);
  if (command === 'hold') {
    void server.holdNextAnswer(table).then(({ token, release }) => {
      releases.set(table, release);
      process.stdout.write(`held ${table} ${token}\n`);
    });
  } else if (command === 'release') {
    releases.get(table)?.();
    releases.delete(table);
  }
});
process.stdout.write(`listening on ${server.url}\n`);
process.once('SIGTERM', () => {
  for (const release of releases.values()) release();
  void server.close().finally(() => process.exit(0));
});
