// The `tracker` command: run a service mode, migrate the stores, or create an admin.
import {
  ConfigError,
  DamagedArchiveError,
  DataDirLockedError,
  loadConfig,
  openStores,
  lockDataDir,
  RestoreRefusedError,
} from '@tracker/core';
import { backupCommand, restoreCommand } from './backup-command';
import { configureAdmin, generatePassword } from '@tracker/api';
import { capabilitiesByMode, type ServiceMode } from './capabilities';
import { runServices, type RunningServices } from './run-services';
import { runSql } from './sql-command';

const usage = `Usage: tracker <command>

  all            every service in one process, on the embedded stores unless server URLs are set
  api            the dashboard API and web app          (needs DATABASE_URL, CLICKHOUSE_URL)
  ingest         /r, /click, /postback, /exit-tracker.js (needs DATABASE_URL, CLICKHOUSE_URL, KAFKA_BROKERS)
  projector      event log -> ClickHouse and PostgreSQL  (needs DATABASE_URL, CLICKHOUSE_URL, KAFKA_BROKERS)
  workers        background jobs                         (needs DATABASE_URL, CLICKHOUSE_URL)
  migrate        apply entity and analytics migrations, then exit
  create-admin <username> [password]
                 create an admin, or make an existing user admin and set its password
                 (a changed password signs out every session of that user);
                 a password is generated and printed when none is given
  backup <file>  write one archive of DATA_DIR's embedded stores, the event log and the generated secrets
                 (asks a running \`tracker all\` to write it, or opens the stores itself when none runs)
  restore <file> check a backup's checksums and restore it into DATA_DIR, which must be empty
  sql "<SELECT ...>"
                 run one read-only statement on the analytics store (CLICKHOUSE_URL, else the
                 embedded one, which needs \`tracker all\` stopped) and print a table; see docs/analytics.md

Configuration comes from the environment: see README.md.`;

function printStarted(running: RunningServices) {
  if (running.url) console.log(`\nAffiliate Tracker is running at ${running.url}`);
  const admin = running.admin;
  if (admin?.kind === 'generated') {
    console.log(`Sign in as "${admin.username}" with this one-time password: ${admin.password}`);
    console.log('It is shown only now; set ADMIN_USERNAME and ADMIN_PASSWORD to choose your own.');
  } else if (admin?.kind === 'configured') {
    console.log(`Sign in as "${admin.username}" with the ADMIN_PASSWORD you configured.`);
  } else if (admin?.kind === 'existing') {
    console.log('Sign in with an existing account (or run `tracker create-admin <username>`).');
  }
  console.log('Stop with Ctrl+C.\n');
}

async function serve(mode: ServiceMode) {
  const running = await runServices(mode, loadConfig(process.env));
  printStarted(running);
  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: shutting down...`);
    running.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

async function withStores<T>(body: (stores: Awaited<ReturnType<typeof openStores>>) => Promise<T>): Promise<T> {
  const config = loadConfig(process.env);
  const release = !config.databaseUrl || !config.clickhouseUrl ? lockDataDir(config.dataDir) : () => {};
  try {
    const stores = await openStores(config, { entities: true, analytics: true });
    try {
      return await body(stores);
    } finally {
      await stores.close();
    }
  } finally {
    release();
  }
}

async function createAdmin(username: string | undefined, password: string | undefined) {
  if (!username) throw new Error('Usage: tracker create-admin <username> [password]');
  const chosen = password ?? generatePassword();
  if (chosen.length < 8) throw new Error('The password must be at least 8 characters');
  await withStores(async ({ entities }) => {
    await configureAdmin(entities!.db, { username, password: chosen });
  });
  console.log(`Admin "${username}" is ready.${password ? '' : ` Password: ${chosen}`}`);
}

export async function main(argv: string[]): Promise<void> {
  const [command, ...args] = argv;
  if (command && command in capabilitiesByMode) return serve(command as ServiceMode);
  switch (command) {
    case 'migrate':
      await withStores(async () => {});
      console.log('Entity and analytics migrations are applied.');
      return;
    case 'create-admin':
      return createAdmin(args[0], args[1]);
    case 'backup':
      return backupCommand(loadConfig(process.env), args[0]);
    case 'restore':
      return restoreCommand(loadConfig(process.env), args[0]);
    case 'sql':
      console.log(await runSql(loadConfig(process.env), args.join(' ')));
      return;
    case undefined:
    case 'help':
    case '--help':
    case '-h':
      console.log(usage);
      return;
    default:
      throw new Error(`Unknown command "${command}".\n\n${usage}`);
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError || error instanceof DamagedArchiveError || error instanceof RestoreRefusedError) {
    console.error(error.message);
  }
  else console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
