// request.log is made only when a request logs: what it logs still carries the request id and is redacted
// like every other line; a request that logs nothing makes no child logger.
import { Writable } from 'node:stream';
import { afterAll, beforeAll, expect, test } from '@jest/globals';
import { createLogger } from '../logger';
import { createHttpServer, type HttpServer } from './create-http-server';

const lines: Array<Record<string, unknown>> = [];
const logger = createLogger(
  'info',
  'test',
  new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)) as Record<string, unknown>);
      done();
    },
  }),
);
let children = 0;
const child = logger.child.bind(logger);
logger.child = ((...args: Parameters<typeof child>) => {
  children++;
  return child(...args);
}) as typeof logger.child;

let app: HttpServer;
beforeAll(async () => {
  app = createHttpServer({ logger, trustProxy: false });
  app.get('/quiet', async () => ({ ok: true }));
  app.get('/loud', async (request) => {
    request.log.warn({ password: 'hunter2', campaign: 'c1' }, 'something to say');
    request.log.info('and more');
    return { ok: true };
  });
  await app.ready();
});
afterAll(() => app.close());

test('a request that logs nothing makes no child logger', async () => {
  children = 0;
  for (let i = 0; i < 5; i++) expect((await app.inject({ url: '/quiet' })).statusCode).toBe(200);
  expect(children).toBe(0);
});

test("a request's lines carry its id, once made, and stay redacted", async () => {
  children = 0;
  lines.length = 0;
  expect((await app.inject({ url: '/loud' })).statusCode).toBe(200);
  expect(children).toBe(1);
  const [warned, informed] = lines;
  expect(warned).toMatchObject({ level: 40, msg: 'something to say', campaign: 'c1', password: '[redacted]' });
  expect(warned!.reqId).toEqual(expect.any(String));
  expect(informed).toMatchObject({ level: 30, msg: 'and more', reqId: warned!.reqId });
});
