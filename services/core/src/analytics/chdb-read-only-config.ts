// The engine configuration that makes an embedded chDB read-only: a settings profile whose `readonly = 1`
// cannot be changed, and a user granted SELECT alone (no INSERT, DDL, temporary tables or sources).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { OUTPUT_SETTINGS } from './analytics';

/** Settings the engine must never let a statement change (a `SET` or a top-level `SETTINGS` fails). */
const CONST_SETTINGS = { readonly: 1, allow_ddl: 0 } as const;

/** The same grants as the analyst user of deploy/clickhouse/analyst-user.sql: SELECT and nothing else. Without
 *  READ ON FILE/URL/S3/REMOTE/... (the SOURCES grants) every table function that reaches outside the store fails,
 *  and without CREATE TEMPORARY TABLE so do executable(), format() and the others that need one. */
export const READ_ONLY_GRANTS = ['GRANT SELECT ON *.*'];

function xmlText(value: string | number): string {
  return String(value).replace(/[<>&]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;' })[c]!);
}

/** users.xml for clickhouse-local (which chDB is): the `default` user, the one every chDB connection runs as,
 *  with the read-only profile. Output settings go in the profile because a read-only session cannot SET them. */
export function readOnlyUsersXml(): string {
  const settings = { ...CONST_SETTINGS, ...OUTPUT_SETTINGS };
  return [
    '<clickhouse>',
    '  <profiles>',
    '    <default>',
    ...Object.entries(settings).map(([name, value]) => `      <${name}>${xmlText(value)}</${name}>`),
    '      <constraints>',
    ...Object.keys(CONST_SETTINGS).map((name) => `        <${name}><const/></${name}>`),
    '      </constraints>',
    '    </default>',
    '  </profiles>',
    '  <users>',
    '    <default>',
    '      <password></password>',
    '      <networks><ip>::/0</ip></networks>',
    '      <profile>default</profile>',
    '      <quota>default</quota>',
    '      <grants>',
    ...READ_ONLY_GRANTS.map((grant) => `        <query>${xmlText(grant)}</query>`),
    '      </grants>',
    '    </default>',
    '  </users>',
    '  <quotas><default/></quotas>',
    '</clickhouse>',
    '',
  ].join('\n');
}

export interface ReadOnlyConfig {
  /** chDB connection arguments that start the engine with this configuration. */
  connectionArgs: string[];
  remove(): void;
}

/** Writes the configuration into a fresh temporary folder: the engine reads it when its first connection opens. */
export function writeReadOnlyConfig(): ReadOnlyConfig {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tracker-chdb-read-only-'));
  const users = path.join(dir, 'users.xml');
  const config = path.join(dir, 'config.xml');
  fs.writeFileSync(users, readOnlyUsersXml());
  fs.writeFileSync(config, `<clickhouse>\n  <users_config>${xmlText(users)}</users_config>\n</clickhouse>\n`);
  return {
    connectionArgs: [`--config-file=${config}`],
    remove: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}
