// ESLint rule: a file may import another workspace (`@tracker/x`) only when the package.json of its own
// workspace declares it. Knip checks every other dependency, but lets private workspaces import each other undeclared.
import fs from 'node:fs';
import path from 'node:path';

const manifests = new Map();

/** The nearest package.json above `dir`, parsed once per lint run. */
function nearestManifest(dir) {
  if (manifests.has(dir)) return manifests.get(dir);
  const file = path.join(dir, 'package.json');
  let found;
  if (fs.existsSync(file)) {
    const manifest = JSON.parse(fs.readFileSync(file, 'utf8'));
    const declared = new Set(
      ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies'].flatMap((key) => Object.keys(manifest[key] ?? {})),
    );
    found = { file, name: manifest.name, declared };
  } else {
    const parent = path.dirname(dir);
    found = parent === dir ? undefined : nearestManifest(parent);
  }
  manifests.set(dir, found);
  return found;
}

export default {
  meta: {
    type: 'problem',
    docs: { description: 'Workspace packages are imported only when declared in the importing workspace’s package.json' },
    messages: { undeclared: '{{name}} is imported but not declared in {{manifest}}.' },
    schema: [],
  },
  create(context) {
    const manifest = nearestManifest(path.dirname(context.filename));
    const check = (source) => {
      if (!manifest || source?.type !== 'Literal' || typeof source.value !== 'string') return;
      const match = /^@tracker\/[^/]+/.exec(source.value);
      if (!match || match[0] === manifest.name || manifest.declared.has(match[0])) return;
      const relative = path.relative(context.cwd, manifest.file) || 'package.json';
      context.report({ node: source, messageId: 'undeclared', data: { name: match[0], manifest: relative } });
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};
