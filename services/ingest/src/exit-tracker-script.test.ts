// The lander script, run against a minimal DOM: which exit URL every exit link gets, and that an
// exitUrl parameter can only name our /click on a tracking host the server listed in the script.
import vm from 'node:vm';
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { schema } from '@tracker/core';
import { renderExitTrackerScript } from './exit-tracker-script';
import { startIngestHarness, type IngestHarness } from './testing/ingest-harness';

interface FakeLink {
  href: string;
  setAttribute(name: string, value: string): void;
}

const KNOWN_HOSTS = ['exit.example', 'trk.example', 'go.custom.example'];

function runOnLander(
  pageUrl: string,
  scriptSrc: string,
  session: Record<string, string> = {},
  script = renderExitTrackerScript(KNOWN_HOSTS),
) {
  const links: FakeLink[] = [1, 2].map(() => ({
    href: '#exit',
    setAttribute(name: string, value: string) {
      if (name === 'href') this.href = value;
    },
  }));
  const url = new URL(pageUrl);
  const window: Record<string, unknown> = {
    location: { search: url.search, origin: url.origin, href: pageUrl },
    sessionStorage: {
      getItem: (k: string) => session[k] ?? null,
      setItem: (k: string, v: string) => (session[k] = v),
    },
  };
  const document = {
    readyState: 'complete',
    currentScript: { src: scriptSrc },
    querySelectorAll: () => links,
    addEventListener: () => {},
  };
  vm.runInNewContext(script, { window, document, URL, URLSearchParams, JSON, encodeURIComponent });
  return { links, window, session };
}

const lander = (exitUrl: string) =>
  `https://lander.example/quiz?clickId=0192abc&exitUrl=${encodeURIComponent(exitUrl)}`;

describe('/exit-tracker.js', () => {
  test('the global exit domain (exitUrl) comes first', () => {
    const { links } = runOnLander(lander('https://exit.example/click'), 'https://trk.example/exit-tracker.js');
    expect(links.map((l) => l.href)).toEqual(Array(2).fill('https://exit.example/click?clickId=0192abc'));
  });

  test('else the tracking host that served the script', () => {
    const { links } = runOnLander('https://lander.example/quiz?clickId=0192abc', 'https://trk.example/exit-tracker.js');
    expect(links[0]!.href).toBe('https://trk.example/click?clickId=0192abc');
  });

  test('the click id survives a second page of the lander (kept for the session)', () => {
    const first = runOnLander('https://lander.example/1?clickId=0192abc', 'https://trk.example/exit-tracker.js');
    const second = runOnLander('https://lander.example/2', 'https://trk.example/exit-tracker.js', first.session);
    expect(second.links[0]!.href).toBe('https://trk.example/click?clickId=0192abc');
    expect(typeof second.window.trackerExit).toBe('function');
  });

  test.each([
    ['a custom domain', 'https://go.custom.example/click', 'https://go.custom.example/click'],
    ['the redirect domain over http, in capitals', 'http://TRK.example/click', 'http://trk.example/click'],
    ['a known host with a query and fragment (dropped)', 'https://exit.example/click?x=1#y', 'https://exit.example/click'],
  ])('accepted: %s', (_name, exitUrl, base) => {
    const { links, session } = runOnLander(lander(exitUrl), 'https://trk.example/exit-tracker.js');
    expect(links[0]!.href).toBe(`${base}?clickId=0192abc`);
    expect(JSON.parse(session['tracker.click']!).exitUrl).toBe(base);
  });

  test.each([
    ['javascript:alert(document.cookie)//'],
    ['JaVaScRiPt:alert(1)'],
    ['data:text/html,<script>alert(1)</script>'],
    ['https://evil.example'],
    ['https://evil.example/click'],
    ['https://exit.example.evil.example/click'],
    ['https://evil.example/click?h=exit.example'],
    ['https://exit.example/somewhere'],
    ['https://exit.example/click/../../evil'],
    ['https://exit.example:8443/click'],
    ['https://user:pw@exit.example/click'],
    ['//evil.example/click'],
    ['/click'],
    ['ftp://exit.example/click'],
    ['not a url'],
  ])('refused, falls back to the script origin, and is not kept: %s', (exitUrl) => {
    const { links, session } = runOnLander(lander(exitUrl), 'https://trk.example/exit-tracker.js');
    expect(links.map((l) => l.href)).toEqual(Array(2).fill('https://trk.example/click?clickId=0192abc'));
    expect(JSON.parse(session['tracker.click']!).exitUrl).toBe('');
  });

  test('a hostile exitUrl already in sessionStorage (or a broken entry) is not used', () => {
    const stored = { 'tracker.click': JSON.stringify({ clickId: '0192abc', exitUrl: 'javascript:alert(1)//' }) };
    const { links } = runOnLander('https://lander.example/2', 'https://trk.example/exit-tracker.js', stored);
    expect(links[0]!.href).toBe('https://trk.example/click?clickId=0192abc');
    const broken = runOnLander('https://lander.example/2?clickId=0192abc', 'https://trk.example/exit-tracker.js', { 'tracker.click': 'null' });
    expect(broken.links[0]!.href).toBe('https://trk.example/click?clickId=0192abc');
  });

  test('host names in the script cannot break out of it', () => {
    const script = renderExitTrackerScript(['</script><script>alert(1)</script>', "a'b\"c.example"]);
    expect(script).not.toContain('</script>');
    const { links } = runOnLander(lander('https://evil.example/click'), 'https://trk.example/exit-tracker.js', {}, script);
    expect(links[0]!.href).toBe('https://trk.example/click?clickId=0192abc');
  });
});

describe('GET /exit-tracker.js names the tracking hosts the catalog knows', () => {
  let h: IngestHarness;
  beforeAll(async () => {
    h = await startIngestHarness();
    const db = h.entities.db;
    await db.insert(schema.settings).values([
      { key: 'redirect_domain', value: 'go.example.com' },
      { key: 'global_exit_domain', value: 'https://exit.example.com/' },
    ]);
    const [active] = await db.insert(schema.domains).values({ domain: 'brand.example', subdomain: 'trk', status: 'active' }).returning();
    const [pending] = await db.insert(schema.domains).values({ domain: 'later.example', subdomain: 'trk', status: 'pending' }).returning();
    const [landerRow] = await db.insert(schema.landers).values({ name: 'L', url: 'https://l.example/' }).returning();
    await db.insert(schema.campaigns).values([
      { id: 'cmpCustom', name: 'c', landerId: landerRow!.id, domainId: active!.id },
      { id: 'cmpPending', name: 'p', landerId: landerRow!.id, domainId: pending!.id },
    ]);
    await h.ingest.catalog.reload();
  });
  afterAll(async () => {
    await h?.close();
  });

  test.each([
    ['https://exit.example.com/click', 'https://exit.example.com/click'],
    ['https://go.example.com/click', 'https://go.example.com/click'],
    ['https://trk.brand.example/click', 'https://trk.brand.example/click'],
    ['https://trk.later.example/click', 'https://t.example/click'],
    ['https://evil.example/click', 'https://t.example/click'],
  ])('%s → %s', async (exitUrl, base) => {
    const res = await h.call({ method: 'GET', url: '/exit-tracker.js' });
    expect(res.headers['content-type']).toMatch(/javascript/);
    const { links } = runOnLander(lander(exitUrl), 'https://t.example/exit-tracker.js', {}, res.body);
    expect(links[0]!.href).toBe(`${base}?clickId=0192abc`);
  });
});
