// The order jest starts test files in. Jest's own sequencer runs the files it has timed before longest
// first, but a fresh clone has no timings and falls back to file size, which sends the report property
// suites (small files that run for minutes) last and leaves one worker alone with them at the end.
// Longest-first by kind instead: the property suites, then the browser suites, then the rest by size.
import fs from 'node:fs';

const rank = (file) => (/\.property\.test\.tsx?$/.test(file) ? 0 : /\.e2e\.test\.tsx?$/.test(file) ? 1 : 2);

export default class SlowFirstSequencer {
  sort(tests) {
    const size = new Map(tests.map((t) => [t.path, fs.statSync(t.path, { throwIfNoEntry: false })?.size ?? 0]));
    return [...tests].sort((a, b) => rank(a.path) - rank(b.path) || size.get(b.path) - size.get(a.path));
  }

  cacheResults() {}
}
