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
  testSequencer: '<rootDir>/jest-sequencer.js',
  reporters: ['default', '<rootDir>/jest-timing-reporter.js'],
  verbose: false,
};
