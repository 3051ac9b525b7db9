// The process startChdbHttpProcess() runs: ClickHouse's HTTP interface on the chDB store in argv[2], on a
// free port of 127.0.0.1 (argv[3] to choose one). Prints "listening on <url>", then "insert <table> <token>" as
// each INSERT with data starts; stops on SIGTERM.
import fs from 'node:fs';
import { serveChdbOverHttp } from './chdb-http';

const dir = process.argv[2];
if (!dir) throw new Error('usage: chdb-http-main.ts DIR [PORT]');
fs.mkdirSync(dir, { recursive: true });
const server = await serveChdbOverHttp(dir, Number(process.argv[3] ?? 0), (table, token) =>
  process.stdout.write(`insert ${table} ${token ?? ''}\n`),);
process.stdout.write(`listening on ${server.url}\n`);
process.once('SIGTERM', () => {
  void server.close().finally(() => process.exit(0));
});
