// The tracker's version, as the repository's package.json states it: the status page shows it, so an
// operator can tell which build a server runs.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const manifest = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../package.json');

export const TRACKER_VERSION: string = (JSON.parse(fs.readFileSync(manifest, 'utf8')) as { version: string }).version;
