import { afterEach, describe, expect, it } from '@jest/globals';
import { QueryClient } from '@tanstack/react-query';
import { afterQueriesSettle } from './after-queries-settle';

/** A fetch that ends when told to. */
function pending<T>(value: T) {
  let end: () => void = () => undefined;
  const promise = new Promise<T>((resolve) => (end = () => resolve(value)));
  return { promise, end };
}
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('afterQueriesSettle: the other screens wait for the first screen’s figures', () => {
  const clients: QueryClient[] = [];
  const client = () => {
    const c = new QueryClient();
    clients.push(c);
    return c;
  };
  // Cleared: a fetch still on its way is cancelled (its promise is caught where it was started).
  afterEach(() => clients.splice(0).forEach((c) => c.clear()));

  it('runs once every query on its way has answered, not before, and once only', async () => {
    const queryClient = client();
    const report = pending({ visits: 7 });
    const campaigns = pending([]);
    void queryClient.fetchQuery({ queryKey: ['report'], queryFn: () => report.promise }).catch(() => undefined);
    void queryClient.fetchQuery({ queryKey: ['campaigns'], queryFn: () => campaigns.promise }).catch(() => undefined);
    let runs = 0;
    afterQueriesSettle(queryClient, 60_000, () => runs++);
    await tick();
    expect(runs).toBe(0);
    report.end();
    await tick();
    expect(runs).toBe(0);
    campaigns.end();
    await tick();
    expect(runs).toBe(1);
    await queryClient.fetchQuery({ queryKey: ['later'], queryFn: () => 1 });
    expect(runs).toBe(1);
  });

  it('runs at once when nothing is on its way, after the cap when something never ends, and never once cancelled', async () => {
    let idle = 0;
    afterQueriesSettle(client(), 60_000, () => idle++);
    expect(idle).toBe(1);

    const polling = client();
    void polling.fetchQuery({ queryKey: ['poll'], queryFn: () => pending(1).promise }).catch(() => undefined);
    let capped = 0;
    afterQueriesSettle(polling, 20, () => capped++);
    await tick();
    expect(capped).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(capped).toBe(1);

    const busy = client();
    const report = pending(1);
    void busy.fetchQuery({ queryKey: ['report'], queryFn: () => report.promise }).catch(() => undefined);
    let cancelledRuns = 0;
    const cancel = afterQueriesSettle(busy, 20, () => cancelledRuns++);
    cancel();
    report.end();
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(cancelledRuns).toBe(0);
  });
});
