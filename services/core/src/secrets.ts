// Process secrets (the session secret, the key for API tokens at rest, and the secret the edge worker of
// custom domains shares with the ingest): from config, or generated once and kept in DATA_DIR/secrets.json
// (mode 0600). Encryption is AES-256-GCM, versioned.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export interface Secrets {
  sessionSecret: string;
  /** 32 bytes. */
  secretsKey: Buffer;
  /** What the edge worker sends so the ingest believes the visitor IP and host it names. */
  edgeWorkerSecret: string;
}

interface StoredSecrets {
  sessionSecret?: string;
  secretsKey?: string;
  edgeWorkerSecret?: string;
}

/** Takes configured values first; generates and stores the missing ones under `dataDir`. */
export function resolveSecrets(options: { dataDir: string; sessionSecret?: string; secretsKey?: string; edgeWorkerSecret?: string }): Secrets {
  const file = path.join(options.dataDir, 'secrets.json');
  let stored: StoredSecrets = {};
  if (fs.existsSync(file)) stored = JSON.parse(fs.readFileSync(file, 'utf8')) as StoredSecrets;
  const next: StoredSecrets = { ...stored };
  if (!options.sessionSecret && !next.sessionSecret) next.sessionSecret = crypto.randomBytes(32).toString('hex');
  if (!options.secretsKey && !next.secretsKey) next.secretsKey = crypto.randomBytes(32).toString('hex');
  if (!options.edgeWorkerSecret && !next.edgeWorkerSecret) next.edgeWorkerSecret = crypto.randomBytes(24).toString('base64url');
  if (JSON.stringify(next) !== JSON.stringify(stored)) {
    fs.mkdirSync(options.dataDir, { recursive: true });
    const tmp = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, JSON.stringify(next, null, 2), { mode: 0o600 });
    fs.renameSync(tmp, file);
  }
  return {
    sessionSecret: options.sessionSecret ?? next.sessionSecret!,
    secretsKey: Buffer.from(options.secretsKey ?? next.secretsKey!, 'hex'),
    edgeWorkerSecret: options.edgeWorkerSecret ?? next.edgeWorkerSecret!,
  };
}

const VERSION = 'v1';
/** GCM accepts tags as short as 4 bytes unless told otherwise; a short tag is a forgery made easy. */
const AUTH_TAG_BYTES = 16;

export function encryptSecret(key: Buffer, plaintext: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', key, iv, { authTagLength: AUTH_TAG_BYTES });
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  const tag = cipher.getAuthTag();
  return [VERSION, iv.toString('base64'), tag.toString('base64'), body.toString('base64')].join(':');
}

export function decryptSecret(key: Buffer, sealed: string): string {
  const [version, iv, tag, body] = sealed.split(':');
  if (version !== VERSION || !iv || !tag || body === undefined) throw new Error('Not an encrypted secret');
  const authTag = Buffer.from(tag, 'base64');
  if (authTag.length !== AUTH_TAG_BYTES) throw new Error('Not an encrypted secret: its authentication tag is cut short');
  const decipher = crypto.createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64'), {
    authTagLength: AUTH_TAG_BYTES,
  });
  decipher.setAuthTag(authTag);
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64')), decipher.final()]).toString('utf8');
}

/** What the browser may see of a secret: its last four characters at most. */
export function maskSecret(secret: string): string {
  return secret.length <= 8 ? '••••' : `••••${secret.slice(-4)}`;
}
