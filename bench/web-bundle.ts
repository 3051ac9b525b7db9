// What the dashboard's first screens download: reads the built manifest (web/dist/.vite/manifest.json),
// walks the static import graph from the sign-in route and the dashboard route, and sums gzip sizes.
//
//   npm run build -w web && npx tsx bench/web-bundle.ts [--dist web/dist]
//
// Targets: <= 200 kB gzip of JS for the sign-in page, <= 300 kB for the dashboard's
// first render. Baseline, from the same build: every JS file of the app, what one unsplit bundle would
// send to every page. Exits 1 when a target is missed, so CI can hold the line.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values: args } = parseArgs({ options: { dist: { type: 'string', default: path.join(ROOT, 'web/dist') } } });
const dist = path.resolve(args.dist);
const manifestPath = path.join(dist, '.vite/manifest.json');
if (!fs.existsSync(manifestPath)) {
  console.error(`No ${manifestPath}: build the web app first (npm run build -w web, or make bench-web).`);
  process.exit(2);
}
const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as Manifest;

const KB = 1000;
const TARGETS = { signIn: 200 * KB, dashboard: 300 * KB };
// The modules each route renders first. A module that is no chunk of its own is bundled into a chunk
// already counted (the sign-in page lives in the entry); a lazy one adds its chunk and its imports.
const ENTRY = 'index.html';
const SIGN_IN_ROUTE = ['src/features/auth/SignInPage.tsx'];
const DASHBOARD_ROUTE = ['src/app/shell/AppShell.tsx', 'src/features/stats/StatsPage.tsx'];

const gzipSizes = new Map<string, number>();
function gzipSize(file: string): number {
  let size = gzipSizes.get(file);
  if (size === undefined) {
    // Level 9, as the build precompresses; the server prefers brotli, smaller still.
    size = gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length;
    gzipSizes.set(file, size);
  }
  return size;
}

/** The chunks a browser loads for these manifest keys: each, and everything they import statically. */
function staticGraph(keys: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) return;
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return seen;
}

function routeKeys(modules: string[]): string[] {
  return [ENTRY, ...modules.filter((module) => manifest[module])];
}

interface Load {
  js: number;
  css: number;
  files: string[];
}

function measure(keys: Iterable<string>): Load {
  const js = new Set<string>();
  const css = new Set<string>();
  for (const key of keys) {
    const chunk = manifest[key]!;
    if (chunk.file.endsWith('.js')) js.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
  }
  const sum = (files: Set<string>) => [...files].reduce((total, file) => total + gzipSize(file), 0);
  return { js: sum(js), css: sum(css), files: [...js].sort((a, b) => gzipSize(b) - gzipSize(a)) };
}

/** The lazy chunks a route starts loading as it renders (the dashboard's chart), beyond its static graph. */
function lazyFollowUps(keys: Set<string>): Set<string> {
  const extra = new Set<string>();
  for (const key of keys) {
    if (key === ENTRY) continue;
    for (const dynamic of manifest[key]!.dynamicImports ?? []) {
      for (const reached of staticGraph([dynamic])) if (!keys.has(reached)) extra.add(reached);
    }
  }
  return extra;
}

const kb = (bytes: number) => `${(bytes / KB).toFixed(1).padStart(6)} kB`;
function line(label: string, load: Load, target?: number): boolean {
  const verdict = target === undefined ? '' : load.js <= target ? `  target <= ${kb(target).trim()}: met` : `  target <= ${kb(target).trim()}: MISSED`;
  console.log(`${label.padEnd(38)} JS ${kb(load.js)}   CSS ${kb(load.css)}   (${load.files.length} JS files)${verdict}`);
  return target === undefined || load.js <= target;
}

const signInKeys = staticGraph(routeKeys(SIGN_IN_ROUTE));
const dashboardKeys = staticGraph(routeKeys(DASHBOARD_ROUTE));
const dashboardAndChart = new Set([...dashboardKeys, ...lazyFollowUps(dashboardKeys)]);
const everything = Object.keys(manifest);

console.log(`web bundle, gzip level 9, from ${path.relative(process.cwd(), manifestPath) || manifestPath}\n`);
const ok = [
  line('baseline: every JS file of the build', measure(everything)),
  line('sign-in page (/auth)', measure(signInKeys), TARGETS.signIn),
  line("dashboard's first render (/)", measure(dashboardKeys), TARGETS.dashboard),
  line('dashboard with its lazy chart', measure(dashboardAndChart)),
].every(Boolean);

console.log('\nlargest files of the dashboard render:');
const dashboardLoad = measure(dashboardKeys);
for (const file of dashboardLoad.files.slice(0, 6)) console.log(`  ${kb(gzipSize(file))}  ${file}`);
process.exitCode = ok ? 0 : 1;
