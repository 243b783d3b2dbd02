import { scrypt as scryptCb, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import { hash, verify } from '@node-rs/argon2';

// argon2id at OWASP's first recommended setting (19 MiB, 2 passes): ~30 ms on one core, so
// seeding and tests stay fast while each guess costs an attacker real memory. The native
// binding runs on libuv's thread pool and does not block the event loop.
const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

const scrypt = promisify(scryptCb) as (password: string, salt: Buffer, keylen: number) => Promise<Buffer>;

/** PHC string `$argon2id$v=19$m=…,t=…,p=…$salt$hash`. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  if (stored.startsWith('$argon2')) {
    try {
      return await verify(stored, password);
    } catch {
      return false;
    }
  }
  // Databases seeded before argon2 hold `scrypt$<salt>$<hash>`; login rehashes them.
  const [scheme, salt, expectedHash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !expectedHash) return false;
  const expected = Buffer.from(expectedHash, 'base64url');
  const actual = await scrypt(password, Buffer.from(salt, 'base64url'), expected.length);
  return timingSafeEqual(actual, expected);
}

/** True for hashes made by an older scheme or cost: worth replacing after a successful login. */
export function needsRehash(stored: string): boolean {
  const { memoryCost: m, timeCost: t, parallelism: p } = ARGON2_OPTIONS;
  return !stored.startsWith(`$argon2id$v=19$m=${m},t=${t},p=${p}$`);
}
