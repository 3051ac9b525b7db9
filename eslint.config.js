// Lint for every workspace: typescript-eslint's recommended rules plus the few we care about, and the
// boundaries between workspaces (DESIGN.md §6): who may import whom, and only through public entries.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import declaredWorkspaceImports from './eslint-rules/declared-workspace-imports.js';
import noIssueReferences from './eslint-rules/no-issue-references.js';

/** Test support: only these may import `@tracker/testing`, `@tracker/core/testing` or a `testing/` folder. */
const TEST_FILES = ['**/*.test.ts', '**/*.test.tsx', '**/*.contract.ts', '**/testing/**', 'bench/**', 'web/e2e/**'];

const PACKAGES = ['schemas', 'core', 'integrations', 'ingest', 'projector', 'api', 'workers', 'cli', 'testing', 'web', 'bench'];

/** Which workspaces each folder may import, in production sources and in test files. */
const ZONES = [
  { name: 'schemas', files: ['schemas/**'], allowed: [] },
  { name: 'core', files: ['services/core/**'], allowed: ['schemas'] },
  { name: 'integrations', files: ['services/integrations/**'], allowed: ['core', 'schemas'] },
  { name: 'ingest', files: ['services/ingest/**'], allowed: ['core', 'schemas'] },
  { name: 'projector', files: ['services/projector/**'], allowed: ['core', 'schemas'] },
  { name: 'workers', files: ['services/workers/**'], allowed: ['core', 'schemas', 'integrations'] },
  { name: 'api', files: ['services/api/**'], allowed: ['core', 'schemas', 'integrations'] },
  { name: 'cli', files: ['services/cli/**'], allowed: ['core', 'schemas', 'integrations', 'ingest', 'projector', 'api', 'workers'] },
  { name: 'testing', files: ['services/testing/**'], allowed: ['core', 'schemas', 'integrations', 'ingest', 'projector', 'api', 'workers', 'cli'] },
  { name: 'bench', files: ['bench/**'], allowed: ['core', 'schemas', 'integrations', 'ingest', 'projector', 'api', 'workers', 'cli'] },
  { name: 'web', files: ['web/**'], allowed: ['schemas'] },
];

/** A package is entered only by its public entries (package.json `exports`), never by a path inside it. */
const deepImports = {
  group: ['@tracker/*/src', '@tracker/*/src/**', '**/services/*/src/**', '**/schemas/src/**', '../../*/src/**', '../../../*/src/**', '../../../../*/src/**'],
  message: 'Import the package by its public entry (`@tracker/x`, or `@tracker/core/testing` in tests), not a path inside it.',
};

function boundaries(zone, { test }) {
  const others = PACKAGES.filter((p) => p !== zone.name && !zone.allowed.includes(p) && !(test && p === 'testing'));
  const patterns = [deepImports];
  if (others.length > 0) {
    patterns.push({
      group: others.map((p) => `@tracker/${p}`),
      message: `${zone.name} may import only ${[...zone.allowed, ...(test ? ['testing'] : [])].map((p) => `@tracker/${p}`).join(', ') || 'no workspace'} (DESIGN.md §6).`,
    });
  }
  if (!test) {
    patterns.push({
      group: ['@tracker/testing', '@tracker/core/testing', '**/testing', '**/testing/**'],
      message: 'Test support is for tests, benchmarks and e2e only, never production sources.',
    });
  }
  return { 'no-restricted-imports': ['error', { patterns }] };
}

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'tmp/**', '.cache/**', '**/*.js', '!eslint.config.js', 'web/public/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
      eqeqeq: ['error', 'smart'],
      'tracker/declared-workspace-imports': 'error',
      'tracker/no-issue-references': 'error',
    },
    plugins: { tracker: { rules: { 'declared-workspace-imports': declaredWorkspaceImports, 'no-issue-references': noIssueReferences } } },
  },
  // Test files first; production sources of the same folder then override with the stricter list.
  ...ZONES.flatMap((zone) => [
    { files: zone.files, rules: boundaries(zone, { test: true }) },
    { files: zone.files, ignores: TEST_FILES, rules: boundaries(zone, { test: false }) },
  ]),
  {
    // The command-line tool and scripts speak to a terminal on purpose.
    files: ['services/cli/**', 'bench/**', 'scripts/**'],
    rules: { 'no-console': 'off' },
  },
);
