// One jest run for the whole repository: TypeScript through swc, kept as ES modules
// (node runs jest with --experimental-vm-modules; see the "test" script).
/** @type {import('jest').Config} */
export default {
  testEnvironment: 'node',
  testMatch: ['<rootDir>/{schemas,services,web,bench}/**/*.test.ts?(x)'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  extensionsToTreatAsEsm: ['.ts', '.tsx'],
  transform: {
    '^.+\\.tsx?$': [
      '@swc/jest',
      {
        jsc: { parser: { syntax: 'typescript', tsx: true }, target: 'es2023', transform: { react: { runtime: 'automatic' } } },
        module: { type: 'es6' },
      },
    ],
  },
  testTimeout: 60_000,
  maxWorkers: 2,
  // A worker keeps what every test file it ran left on its heap (each file loads the whole module graph again
  // into a context of its own, and not all of it is ever freed): after 80 files a worker held a 1 GB heap, every
  // collection walked it, and a file that collects garbage on purpose (export-click-log's flat-memory check)
  // took 188 s of CPU instead of 16. A worker whose heap is past this after a file is replaced by a fresh one.
  workerIdleMemoryLimit: '300MB',
  testSequencer: '<rootDir>/jest-sequencer.js',
  reporters: ['default', '<rootDir>/jest-timing-reporter.js'],
  verbose: false,
};
