// Prints, after a whole run, where the time went: each kind of suite's file count and summed time, and the slowest
// files. CI's log then holds the table a change to the test suite's speed is judged by.
import path from 'node:path';

const kindOf = (file) => (/\.property\.test\.tsx?$/.test(file) ? 'property' : /\.e2e\.test\.tsx?$/.test(file) ? 'browser (e2e)' : /\/services\/testing\//.test(file) ? 'pipeline and stores' : 'unit and API');

export default class TimingReporter {
  constructor(globalConfig) {
    this.rootDir = globalConfig.rootDir;
  }

  onRunComplete(_contexts, results) {
    const files = results.testResults
      .map((r) => ({ file: path.relative(this.rootDir, r.testFilePath), seconds: (r.perfStats.end - r.perfStats.start) / 1000 }))
      .filter((f) => Number.isFinite(f.seconds) && f.seconds > 0);
    if (files.length < 20) return; // a handful of files run by hand: the default output says enough
    const kinds = new Map();
    for (const f of files) {
      const k = kindOf(`/${f.file}`);
      const sum = kinds.get(k) ?? { files: 0, seconds: 0 };
      kinds.set(k, { files: sum.files + 1, seconds: sum.seconds + f.seconds });
    }
    const wall = (Date.now() - results.startTime) / 1000;
    const lines = ['', `Where the time went (${files.length} files, ${wall.toFixed(0)} s wall, ${files.reduce((s, f) => s + f.seconds, 0).toFixed(0)} s summed over files):`];
    for (const [kind, sum] of [...kinds].sort((a, b) => b[1].seconds - a[1].seconds)) lines.push(`  ${kind.padEnd(20)} ${String(sum.files).padStart(4)} files ${sum.seconds.toFixed(0).padStart(6)} s`);
    lines.push('  slowest files:');
    for (const f of [...files].sort((a, b) => b.seconds - a.seconds).slice(0, 25)) lines.push(`  ${f.seconds.toFixed(1).padStart(7)} s  ${f.file}`);
    process.stdout.write(`${lines.join('\n')}\n`);
  }
}
