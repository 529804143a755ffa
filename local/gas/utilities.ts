// Utilities: sleep on the emulated clock, formatDate, digests and HMAC as Google's signed bytes, base64,
// UUIDs and a small Blob.
import { createHash, createHmac, randomUUID } from 'node:crypto';
import { strictEnum } from './binding.ts';
import type { Env } from './env.ts';
import { formatDate } from './format-date.ts';
import { GasObject } from './gas-object.ts';
import { GasError, messages, typeNames } from './messages.ts';
import { isDate } from './realm.ts';

const DIGESTS: Record<string, string> = {
  MD2: 'md2',
  MD5: 'md5',
  SHA_1: 'sha1',
  SHA_256: 'sha256',
  SHA_384: 'sha384',
  SHA_512: 'sha512',
};
const CHARSETS: Record<string, BufferEncoding> = { UTF_8: 'utf8', US_ASCII: 'ascii' };

/** Google returns bytes as signed Java bytes (-128…127). */
export function signedBytes(buf: Uint8Array): number[] {
  return Array.from(buf, (b) => (b > 127 ? b - 256 : b));
}

function toBuffer(method: string, value: unknown, charset?: unknown): Buffer {
  if (typeof value === 'string') {
    const encoding = charset === undefined ? 'utf8' : CHARSETS[String(charset)];
    if (!encoding) throw new GasError(messages.invalidArgument('charset'));
    return Buffer.from(value, encoding);
  }
  if (Array.isArray(value) && value.every((b) => Number.isInteger(b) && b >= -128 && b <= 255))
    return Buffer.from(value.map((b: number) => b & 0xff));
  throw new GasError(messages.signature(`Utilities.${method}`, typeNames([value])));
}

export class Blob extends GasObject {
  readonly _class = 'Blob';

  constructor(
    env: Env,
    readonly _bytes: Buffer,
    public _contentType: string | null,
    public _name: string | null,
  ) {
    super(env);
  }

  getBytes(): number[] {
    return signedBytes(this._bytes);
  }
  getDataAsString(charset?: string): string {
    return this._bytes.toString(charset === undefined ? 'utf8' : (CHARSETS[charset] ?? 'utf8'));
  }
  getContentType(): string | null {
    return this._contentType;
  }
  setContentType(contentType: string): Blob {
    this._contentType = contentType;
    return this;
  }
  getName(): string | null {
    return this._name;
  }
  setName(name: string): Blob {
    this._name = name;
    return this;
  }
}

export class Utilities extends GasObject {
  readonly _class = 'Utilities';
  readonly DigestAlgorithm = strictEnum('Utilities.DigestAlgorithm', {
    MD2: 'MD2',
    MD5: 'MD5',
    SHA_1: 'SHA_1',
    SHA_256: 'SHA_256',
    SHA_384: 'SHA_384',
    SHA_512: 'SHA_512',
  });
  readonly Charset = strictEnum('Utilities.Charset', { US_ASCII: 'US_ASCII', UTF_8: 'UTF_8' });

  /** Advances the emulated clock without waiting; past the execution's budget it ends the execution. */
  sleep(milliseconds: number): void {
    const ms = Number(milliseconds);
    if (!Number.isFinite(ms) || ms < 0) throw new GasError(messages.invalidArgument('milliseconds'));
    const { clock } = this._env.world;
    if (this._env.counted && clock.now() + ms > this._env.exec.deadline) {
      clock.advance(Math.max(0, this._env.exec.deadline - clock.now()));
      throw new GasError(messages.exceededTime);
    }
    clock.advance(ms);
  }
  formatDate(date: Date, timeZone: string, format: string): string {
    if (!isDate(date) || typeof timeZone !== 'string' || typeof format !== 'string')
      throw new GasError(messages.signature('Utilities.formatDate', typeNames([date, timeZone, format])));
    return formatDate(date.getTime(), timeZone, format);
  }
  computeDigest(algorithm: string, value: unknown, charset?: string): number[] {
    const name = DIGESTS[String(algorithm)];
    if (!name) throw new GasError(messages.invalidArgument('algorithm'));
    return signedBytes(
      createHash(name)
        .update(toBuffer('computeDigest', value, charset))
        .digest(),
    );
  }
  computeHmacSha256Signature(value: unknown, key: unknown, charset?: string): number[] {
    return signedBytes(
      createHmac('sha256', toBuffer('computeHmacSha256Signature', key, charset))
        .update(toBuffer('computeHmacSha256Signature', value, charset))
        .digest(),
    );
  }
  base64Encode(data: unknown, charset?: string): string {
    return toBuffer('base64Encode', data, charset).toString('base64');
  }
  base64EncodeWebSafe(data: unknown, charset?: string): string {
    return toBuffer('base64EncodeWebSafe', data, charset)
      .toString('base64')
      .replace(/\+/g, '-')
      .replace(/\//g, '_');
  }
  base64Decode(encoded: string): number[] {
    return signedBytes(Buffer.from(String(encoded), 'base64'));
  }
  base64DecodeWebSafe(encoded: string): number[] {
    return signedBytes(Buffer.from(String(encoded), 'base64url'));
  }
  getUuid(): string {
    return randomUUID();
  }
  newBlob(data: unknown, contentType?: string, name?: string): Blob {
    return new Blob(this._env, toBuffer('newBlob', data), contentType ?? null, name ?? null);
  }
}
