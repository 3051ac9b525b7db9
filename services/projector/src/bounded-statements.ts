// How the projector keeps its entity-store work from stalling the click redirect: rows go to the
// store a bounded number per statement, and the event loop is given back between statements.
//
// In `tracker all` the entity store is PGlite: each statement runs synchronously on the event loop the
// ingest shares, and chained statements (a transaction, a Promise.all) resolve as microtasks, so without
// a turn of the loop in between a redirect waits for all of them. A statement per conversion made a
// flood of 1,000 postbacks/s hold redirects for seconds. On PostgreSQL this only bounds bind parameters.

/** Rows (or ids in an IN list) per statement: a few milliseconds of PGlite on a small machine. */
export const ROWS_PER_STATEMENT = 50;

/** Lets the event loop serve what waits (HTTP requests, timers) before the next statement. */
export const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export function* statementChunks<T>(items: Iterable<T>): Generator<T[]> {
  const all = [...items];
  for (let i = 0; i < all.length; i += ROWS_PER_STATEMENT) yield all.slice(i, i + ROWS_PER_STATEMENT);
}

/** Runs `select` once per chunk of `keys`, a turn of the event loop after each, and gathers the rows. */
export async function selectInChunks<K, R>(keys: Iterable<K>, select: (chunk: K[]) => PromiseLike<R[]>): Promise<R[]> {
  const rows: R[] = [];
  for (const chunk of statementChunks(keys)) {
    rows.push(...(await select(chunk)));
    await nextTurn();
  }
  return rows;
}

/** Runs `write` once per chunk of `rows`, a turn of the event loop after each. */
export async function writeInChunks<T>(rows: Iterable<T>, write: (chunk: T[]) => PromiseLike<unknown>): Promise<void> {
  for (const chunk of statementChunks(rows)) {
    await write(chunk);
    await nextTurn();
  }
}
