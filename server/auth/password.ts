import { type Algorithm, hash, verify } from '@node-rs/argon2';

/** argon2id at the OWASP floor: 19 MiB of memory, 2 passes, 1 lane. */
// 2 is Algorithm.Argon2id (a const enum, which isolated modules cannot read).
const OPTIONS = { algorithm: 2 as Algorithm, memoryCost: 19 * 1024, timeCost: 2, parallelism: 1 };

export const hashPassword = (password: string) => hash(password, OPTIONS);

export async function verifyPassword({
  hash: stored,
  password,
}: {
  hash: string;
  password: string;
}) {
  try {
    return await verify(stored, password);
  } catch {
    return false; // not an argon2 hash: never a match
  }
}
