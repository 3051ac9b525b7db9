// The running `tracker all`'s control socket, DATA_DIR/control.sock (mode 0600): how `tracker backup` asks the
// process that holds the embedded stores to write the archive, since no other process may open them. A Unix
// socket, so only who may read DATA_DIR anyway can ask; one JSON line each way.
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { Logger } from '../logger';
import type { BackupManifest } from './backup-manifest';

export const CONTROL_SOCKET = 'control.sock';

interface BackupRequest {
  command: 'backup';
  file: string;
}

type Answer = { ok: true; manifest: BackupManifest } | { ok: false; message: string };

/** Serves backup requests one at a time; returns the function that closes the socket. */
export async function serveBackupControl(dataDir: string, backup: (file: string) => Promise<BackupManifest>, logger: Logger): Promise<() => Promise<void>> {
  const socketPath = path.join(dataDir, CONTROL_SOCKET);
  // This process holds DATA_DIR's lock: a socket file there is a dead process's.
  fs.rmSync(socketPath, { force: true });
  let queue: Promise<unknown> = Promise.resolve();
  const server = net.createServer((connection) => {
    let text = '';
    connection.setEncoding('utf8');
    connection.on('error', () => {});
    connection.on('data', (chunk: string) => {
      text += chunk;
      const end = text.indexOf('\n');
      if (end === -1) return;
      connection.removeAllListeners('data');
      let request: BackupRequest;
      try {
        request = JSON.parse(text.slice(0, end)) as BackupRequest;
        if (request.command !== 'backup' || typeof request.file !== 'string' || !path.isAbsolute(request.file)) throw new Error('bad request');
      } catch {
        connection.end(JSON.stringify({ ok: false, message: 'Not a control request this tracker knows' } satisfies Answer) + '\n');
        return;
      }
      const run = queue.then(() => backup(request.file));
      queue = run.catch(() => {});
      run.then(
        (manifest) => {
          logger.info({ file: request.file, members: manifest.members.length }, 'backup written');
          connection.end(JSON.stringify({ ok: true, manifest } satisfies Answer) + '\n');
        },
        (error: unknown) => {
          logger.error({ err: error, file: request.file }, 'backup failed');
          connection.end(JSON.stringify({ ok: false, message: (error as Error).message } satisfies Answer) + '\n');
        },
      );
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => resolve());
  });
  fs.chmodSync(socketPath, 0o600);
  return async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await queue;
    fs.rmSync(socketPath, { force: true });
  };
}

/** Asks the tracker holding `dataDir` to write a backup to `file` (an absolute path) and waits for it. */
export function requestBackup(dataDir: string, file: string): Promise<BackupManifest> {
  return new Promise((resolve, reject) => {
    const connection = net.createConnection(path.join(dataDir, CONTROL_SOCKET));
    let text = '';
    connection.setEncoding('utf8');
    connection.on('connect', () => connection.write(JSON.stringify({ command: 'backup', file } satisfies BackupRequest) + '\n'));
    connection.on('data', (chunk: string) => (text += chunk));
    connection.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        new Error(
          `The tracker holding ${dataDir} does not answer on ${CONTROL_SOCKET} (${error.code ?? error.message}): ` +
            'a version without backups, or it is still starting. Stop it and run `tracker backup` again, or retry in a moment.',
        ),
      ),
    );
    connection.on('end', () => {
      try {
        const answer = JSON.parse(text) as Answer;
        if (answer.ok) resolve(answer.manifest);
        else reject(new Error(answer.message));
      } catch {
        reject(new Error('The running tracker ended the backup without an answer: read its log'));
      }
    });
  });
}
