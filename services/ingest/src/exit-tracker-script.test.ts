// The lander script, run against a minimal DOM: which exit URL every exit link gets.
import vm from 'node:vm';
import { describe, expect, test } from '@jest/globals';
import { EXIT_TRACKER_SCRIPT } from './exit-tracker-script';

interface FakeLink {
  href: string;
  setAttribute(name: string, value: string): void;
}

function runOnLander(pageUrl: string, scriptSrc: string, session: Record<string, string> = {}) {
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
  vm.runInNewContext(EXIT_TRACKER_SCRIPT, { window, document, URL, URLSearchParams, JSON, encodeURIComponent });
  return { links, window, session };
}

describe('/exit-tracker.js', () => {
  test('the global exit domain (exitUrl) comes first', () => {
    const { links } = runOnLander(
      'https://lander.example/quiz?clickId=0192abc&exitUrl=https%3A%2F%2Fexit.example%2Fclick',
      'https://trk.example/exit-tracker.js',
    );
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
});
