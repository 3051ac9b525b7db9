// The backup archive's container: a gzip'd POSIX tar (ustar), so `tar tzf` lists a backup and `tar xzf` opens it
// by hand. Hand-written (about a hundred lines) instead of a new dependency: only regular files, written and read
// as streams, each member's SHA-256 taken on the way.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { once } from 'node:events';
import path from 'node:path';
import { createGunzip, createGzip, type Gzip } from 'node:zlib';

const BLOCK = 512;
/** Largest size the 11 octal digits of a ustar header hold; larger sizes use GNU's base-256 field. */
const OCTAL_MAX = 0o77777777777;

function octal(value: number, width: number): string {
  return value.toString(8).padStart(width - 1, '0') + '\0';
}

function header(name: string, size: number, mtimeMs: number): Buffer {
  const block = Buffer.alloc(BLOCK);
  let prefix = '';
  let base = name;
  if (Buffer.byteLength(name) > 100) {
    const cut = name.lastIndexOf('/', 155);
    if (cut <= 0 || Buffer.byteLength(name.slice(cut + 1)) > 100) throw new Error(`Archive member name too long: ${name}`);
    prefix = name.slice(0, cut);
    base = name.slice(cut + 1);
  }
  block.write(base, 0, 100, 'utf8');
  block.write(octal(0o600, 8), 100, 'ascii');
  block.write(octal(0, 8), 108, 'ascii');
  block.write(octal(0, 8), 116, 'ascii');
  if (size <= OCTAL_MAX) block.write(octal(size, 12), 124, 'ascii');
  else {
    block[124] = 0x80;
    block.writeBigUInt64BE(BigInt(size), 128);
  }
  block.write(octal(Math.floor(mtimeMs / 1000), 12), 136, 'ascii');
  block.write('        ', 148, 'ascii');
  block.write('0', 156, 'ascii');
  block.write('ustar\0', 257, 'ascii');
  block.write('00', 263, 'ascii');
  block.write(prefix, 345, 155, 'utf8');
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(octal(sum, 7) + ' ', 148, 'ascii');
  return block;
}

function readSize(block: Buffer): number {
  if (block[124]! & 0x80) return Number(block.readBigUInt64BE(128));
  return parseInt(block.toString('ascii', 124, 136).replace(/\0.*$/, '').trim() || '0', 8);
}

function readName(block: Buffer): string {
  const text = (start: number, length: number) => block.toString('utf8', start, start + length).replace(/\0.*$/s, '');
  const prefix = block.toString('ascii', 257, 262) === 'ustar' ? text(345, 155) : '';
  const name = text(0, 100);
  return prefix ? `${prefix}/${name}` : name;
}

function checksumOk(block: Buffer): boolean {
  const stored = parseInt(block.toString('ascii', 148, 156).replace(/\0.*$/, '').trim(), 8);
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 0x20 : block[i]!;
  return stored === sum;
}

export interface WrittenMember {
  path: string;
  bytes: number;
  sha256: string;
}

/** Writes a .tar.gz member by member; `finish` ends it and makes it durable. */
export class TarWriter {
  readonly members: WrittenMember[] = [];
  readonly #gzip: Gzip;
  readonly #done: Promise<void>;

  constructor(file: string) {
    this.#gzip = createGzip({ level: 6 });
    const out = fs.createWriteStream(file, { mode: 0o600 });
    this.#gzip.pipe(out);
    this.#done = new Promise((resolve, reject) => {
      out.on('close', resolve);
      out.on('error', reject);
      this.#gzip.on('error', reject);
    });
    // Errors surface through `finish`; an unhandled rejection must not end the process first.
    this.#done.catch(() => {});
  }

  async #write(chunk: Buffer): Promise<void> {
    if (!this.#gzip.write(chunk)) await once(this.#gzip, 'drain');
  }

  async addBuffer(name: string, data: Buffer): Promise<WrittenMember> {
    await this.#write(header(name, data.length, Date.now()));
    await this.#write(data);
    await this.#pad(data.length);
    const member = { path: name, bytes: data.length, sha256: createHash('sha256').update(data).digest('hex') };
    this.members.push(member);
    return member;
  }

  /** The first `bytes` bytes of `file` (all of it when not given): an append-only file may grow meanwhile. */
  async addFile(name: string, file: string, bytes?: number): Promise<WrittenMember> {
    const size = bytes ?? (await fs.promises.stat(file)).size;
    await this.#write(header(name, size, Date.now()));
    const hash = createHash('sha256');
    let copied = 0;
    if (size > 0) {
      for await (const chunk of fs.createReadStream(file, { start: 0, end: size - 1 }) as AsyncIterable<Buffer>) {
        hash.update(chunk);
        copied += chunk.length;
        await this.#write(chunk);
      }
    }
    if (copied !== size) throw new Error(`${file} is shorter than the ${size} bytes it had`);
    await this.#pad(size);
    const member = { path: name, bytes: size, sha256: hash.digest('hex') };
    this.members.push(member);
    return member;
  }

  async #pad(size: number): Promise<void> {
    const rest = size % BLOCK;
    if (rest) await this.#write(Buffer.alloc(BLOCK - rest));
  }

  async finish(): Promise<void> {
    await this.#write(Buffer.alloc(BLOCK * 2));
    this.#gzip.end();
    await this.#done;
  }
}

export class DamagedArchiveError extends Error {
  override name = 'DamagedArchiveError';
}

/**
 * Extracts a .tar.gz into `dir` (member paths must stay inside it) and returns each member's size and SHA-256.
 * A gzip or tar error, a truncated file or a bad header is a DamagedArchiveError.
 */
export async function extractTar(file: string, dir: string): Promise<WrittenMember[]> {
  const members: WrittenMember[] = [];
  let pending: Buffer = Buffer.alloc(0);
  let current: { name: string; remaining: number; padding: number; out?: fs.WriteStream; hash: ReturnType<typeof createHash>; size: number } | undefined;
  let ended = false;

  async function startMember(name: string, size: number) {
    const target = path.resolve(dir, name);
    if (!target.startsWith(path.resolve(dir) + path.sep)) throw new DamagedArchiveError(`The archive names a path outside the backup: ${name}`);
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    const out = fs.createWriteStream(target, { mode: 0o600 });
    current = { name, remaining: size, padding: (BLOCK - (size % BLOCK)) % BLOCK, out, hash: createHash('sha256'), size };
  }

  async function endMember() {
    const m = current!;
    m.out!.end();
    await once(m.out!, 'close');
    members.push({ path: m.name, bytes: m.size, sha256: m.hash.digest('hex') });
    current = undefined;
  }

  try {
    const input = fs.createReadStream(file).pipe(createGunzip());
    for await (const chunk of input as AsyncIterable<Buffer>) {
      pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
      for (;;) {
        if (current && current.remaining > 0) {
          if (pending.length === 0) break;
          const take = Math.min(current.remaining, pending.length);
          const part = pending.subarray(0, take);
          current.hash.update(part);
          if (!current.out!.write(part)) await once(current.out!, 'drain');
          current.remaining -= take;
          pending = pending.subarray(take);
          continue;
        }
        if (current) {
          if (pending.length < current.padding) break;
          pending = pending.subarray(current.padding);
          await endMember();
          continue;
        }
        if (ended || pending.length < BLOCK) break;
        const block = pending.subarray(0, BLOCK);
        pending = pending.subarray(BLOCK);
        if (block.every((b) => b === 0)) {
          ended = true;
          continue;
        }
        if (!checksumOk(block)) throw new DamagedArchiveError('The archive is damaged: a member header does not match its own checksum');
        const type = String.fromCharCode(block[156]!);
        if (type !== '0' && type !== '\0') throw new DamagedArchiveError(`The archive holds a member of a kind a backup never has (type ${type})`);
        await startMember(readName(block), readSize(block));
      }
    }
  } catch (error) {
    current?.out?.destroy();
    if (error instanceof DamagedArchiveError) throw error;
    throw new DamagedArchiveError(`The archive cannot be read: ${(error as Error).message}`, { cause: error });
  }
  if (current || !ended) throw new DamagedArchiveError('The archive is cut short: it ends inside a member, or before its end marker');
  return members;
}
