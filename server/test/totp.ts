import { createHmac } from 'node:crypto';

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** Bytes of an RFC 4648 base32 string (no padding), as authenticator apps read `secret=`. */
export function base32Decode(text: string): Buffer {
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of text.replace(/=+$/, '').toUpperCase()) {
    const index = BASE32.indexOf(char);
    if (index === -1) throw new Error(`not base32: ${char}`);
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      out.push((value >>> bits) & 0xff);
    }
  }
  return Buffer.from(out);
}

/**
 * The 6-digit RFC 6238 code (HMAC-SHA1, 30-second steps) an authenticator app shows for `key`,
 * `steps` periods away from now: written here from the RFC, not taken from the library it tests.
 */
export function totp(key: Buffer, steps = 0, at = Date.now()): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 30_000) + steps));
  const mac = createHmac('sha1', key).update(counter).digest();
  const offset = (mac.at(-1) ?? 0) & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 1_000_000).padStart(6, '0');
}

/** The key inside an otpauth:// address (the `secret` parameter, base32). */
export function keyOfUri(uri: string): Buffer {
  const secret = new URL(uri).searchParams.get('secret');
  if (!secret) throw new Error(`no secret in ${uri}`);
  return base32Decode(secret);
}

/** A code no authenticator shows now: the right one with each digit moved on by one. */
export const wrongCode = (code: string) => code.replace(/\d/g, (d) => String((Number(d) + 1) % 10));
