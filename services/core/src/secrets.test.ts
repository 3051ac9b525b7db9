import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, test } from '@jest/globals';
import { decryptSecret, encryptSecret, maskSecret, resolveSecrets } from './secrets';

describe('resolveSecrets', () => {
  test('generates missing secrets once, keeps them private, and reuses them', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tracker-secrets-'));
    const first = resolveSecrets({ dataDir });
    const second = resolveSecrets({ dataDir });
    expect(second.sessionSecret).toBe(first.sessionSecret);
    expect(second.secretsKey.equals(first.secretsKey)).toBe(true);
    // The edge worker's secret too: custom domains work without EDGE_WORKER_SECRET (the ingest accepts 16+ characters).
    expect(first.edgeWorkerSecret.length).toBeGreaterThanOrEqual(16);
    expect(second.edgeWorkerSecret).toBe(first.edgeWorkerSecret);
    expect(first.secretsKey).toHaveLength(32);
    expect(fs.statSync(path.join(dataDir, 'secrets.json')).mode & 0o777).toBe(0o600);
    fs.rmSync(dataDir, { recursive: true });
  });

  test('configured values win and are not written to disk', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tracker-secrets-'));
    const key = crypto.randomBytes(32).toString('hex');
    const secrets = resolveSecrets({ dataDir, sessionSecret: 's'.repeat(40), secretsKey: key, edgeWorkerSecret: 'e'.repeat(20) });
    expect(secrets.sessionSecret).toBe('s'.repeat(40));
    expect(secrets.edgeWorkerSecret).toBe('e'.repeat(20));
    expect(secrets.secretsKey.toString('hex')).toBe(key);
    expect(fs.existsSync(path.join(dataDir, 'secrets.json'))).toBe(false);
    fs.rmSync(dataDir, { recursive: true });
  });
});

describe('secret encryption', () => {
  const key = crypto.randomBytes(32);
  test('round-trips and never contains the plaintext', () => {
    const sealed = encryptSecret(key, 'tiktok-access-token-123');
    expect(sealed).not.toContain('tiktok-access-token-123');
    expect(decryptSecret(key, sealed)).toBe('tiktok-access-token-123');
    expect(encryptSecret(key, 'same')).not.toBe(encryptSecret(key, 'same'));
  });
  test('a wrong key or a tampered value is refused', () => {
    const sealed = encryptSecret(key, 'secret');
    expect(() => decryptSecret(crypto.randomBytes(32), sealed)).toThrow();
    const parts = sealed.split(':');
    parts[3] = Buffer.from('tampered').toString('base64');
    expect(() => decryptSecret(key, parts.join(':'))).toThrow();
    expect(() => decryptSecret(key, 'plain text')).toThrow(/Not an encrypted secret/);
  });
  test('masks show at most the last four characters', () => {
    expect(maskSecret('abcdefghijklmnop')).toBe('••••mnop');
    expect(maskSecret('short')).toBe('••••');
  });
});

describe('secret decryption refuses a short authentication tag', () => {
  const key = crypto.randomBytes(32);
  test('a tag cut to 4 bytes is refused, not checked on its first bytes only', () => {
    const sealed = encryptSecret(key, 'secret');
    const parts = sealed.split(':');
    parts[2] = Buffer.from(parts[2]!, 'base64').subarray(0, 4).toString('base64');
    expect(() => decryptSecret(key, parts.join(':'))).toThrow();
  });
});
