// Our TypeScript as one ES-module bundle (esbuild), built on the first start after a source changed, so no build
// step stands between a clone and a run. node_modules stay outside the bundle: each package is imported from the
// file Node itself would load, so nothing is loaded twice or in another format than under tsx.
//
// Why not tsx at run time: it transpiles in a loader thread and resolves ~360 modules one by one; a start of
// `tracker all` cost 4.7 s of CPU that way and costs about 3 s from the bundle (the browser, CLI and fault suites
// start it ~60 times a run). Dynamic imports stay lazy (splitting: the Kafka client loads only when KAFKA_BROKERS is set).
//
// .cache/tracker-bundle/current.json names the newest build and the files it was made of (path, size, mtime);
// a start stats those files (~5 ms) and builds again when any differs. Each build has a folder of its own and
// current.json is replaced by a rename, so processes starting together never load a half-written bundle.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const ENTRY = path.join(ROOT, 'services/cli/src/main.ts');
const OUT = path.join(ROOT, '.cache/tracker-bundle');
const CURRENT = path.join(OUT, 'current.json');
/** Besides our sources: packages may move within node_modules when the lock file changes. */
const LOCK_FILE = 'package-lock.json';
/** Worker threads' entries (see buildBundle): each is `<name>.js` in the bundle's folder. */
const THREADS = { 'unit-decoder-thread': 'services/projector/src/unit-decoder-thread.ts' };
/** Builds replaced this long ago are removed (a process still loading one has long finished by then). */
const KEEP_OLD_MS = 10 * 60_000;

function readCurrent() {
  try {
    return JSON.parse(fs.readFileSync(CURRENT, 'utf8'));
  } catch {
    return undefined;
  }
}

function isFresh(current) {
  if (!current || !fs.existsSync(path.join(OUT, current.build, 'main.js'))) return false;
  return current.inputs.every(([file, size, mtimeMs]) => {
    const stat = fs.statSync(path.join(ROOT, file), { throwIfNoEntry: false });
    return stat !== undefined && stat.size === size && stat.mtimeMs === mtimeMs;
  });
}

/**
 * esbuild resolves each package as Node would for an `import` (no "module" condition or field), and the bundle
 * imports it by that file's URL: a package installed under a workspace (services/core/node_modules/lru-cache)
 * stays the copy that workspace gets.
 */
const packagesOutside = {
  name: 'packages-outside',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, async (args) => {
      if (args.path.startsWith('node:')) return { path: args.path, external: true };
      if (args.path.startsWith('@tracker/') || args.pluginData === 'resolving') return undefined;
      const resolved = await build.resolve(args.path, { resolveDir: args.resolveDir, kind: args.kind, importer: args.importer, pluginData: 'resolving' });
      if (resolved.errors.length > 0) return { errors: resolved.errors };
      if (resolved.external) return { path: args.path, external: true }; // a Node built-in named without node:
      return { path: pathToFileURL(resolved.path).href, external: true };
    });
    // Each module keeps its own location: migrations, fonts and the decoder thread are found next to the source.
    build.onLoad({ filter: /\.tsx?$/ }, async (args) => ({
      contents: (await fs.promises.readFile(args.path, 'utf8')).replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)),
      loader: args.path.endsWith('.tsx') ? 'tsx' : 'ts',
    }));
  },
};

/**
 * Bundles `entryPoints` (name → source path from the repository's root) into `outdir` as the product's bundle is
 * built: the same options, node_modules outside. bench/cpu-per-click.ts builds the tracker's modules with it, so it
 * measures the code a `tracker` process runs rather than tsx's transform of it (tsx keeps function names: a helper
 * call for every closure a request creates).
 *
 * Worker threads are entries of their own (THREADS), found by the code that starts them through `__TRACKER_BUNDLE__`,
 * the folder's URL: started from their sources, a thread would register tsx and compile its TypeScript on every start.
 */
export async function buildBundle({ entryPoints, outdir }) {
  const { build: esbuild } = await import('esbuild');
  return esbuild({
    absWorkingDir: ROOT,
    entryPoints: { ...entryPoints, ...THREADS },
    define: { __TRACKER_BUNDLE__: JSON.stringify(pathToFileURL(path.resolve(ROOT, outdir)).href + '/') },
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    conditions: [],
    mainFields: ['main'],
    outdir,
    chunkNames: 'chunk-[hash]',
    sourcemap: 'linked',
    metafile: true,
    logLevel: 'error',
    plugins: [packagesOutside],
  });
}

async function build() {
  fs.mkdirSync(OUT, { recursive: true });
  const name = `build-${Date.now().toString(36)}-${process.pid}`;
  const result = await buildBundle({ entryPoints: { main: ENTRY }, outdir: path.join(OUT, name) });
  const inputs = Object.keys(result.metafile.inputs)
    .filter((input) => !input.includes('node_modules/') && !input.startsWith('file:'))
    .map((input) => {
      const stat = fs.statSync(path.join(ROOT, input));
      return [input, stat.size, stat.mtimeMs];
    });
  const lock = fs.statSync(path.join(ROOT, LOCK_FILE));
  inputs.push([LOCK_FILE, lock.size, lock.mtimeMs]);
  const temporary = `${CURRENT}.${process.pid}`;
  fs.writeFileSync(temporary, JSON.stringify({ build: name, inputs }));
  fs.renameSync(temporary, CURRENT);
  removeOldBuilds(name);
  return name;
}

function removeOldBuilds(keep) {
  for (const entry of fs.readdirSync(OUT)) {
    if (!entry.startsWith('build-') || entry === keep) continue;
    const stat = fs.statSync(path.join(OUT, entry), { throwIfNoEntry: false });
    if (stat && Date.now() - stat.mtimeMs > KEEP_OLD_MS) fs.rmSync(path.join(OUT, entry), { recursive: true, force: true });
  }
}

/** The URL of the bundle's entry, built first when a source changed since the last build. */
export async function trackerBundle() {
  const current = readCurrent();
  const name = isFresh(current) ? current.build : await build();
  return pathToFileURL(path.join(OUT, name, 'main.js')).href;
}

// `node services/cli/bin/bundle.js` builds it ahead (the Docker image does, so its containers start at once).
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await trackerBundle();
