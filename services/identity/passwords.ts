import { hash, verify } from '@node-rs/argon2';

// 2 is Argon2id in the library's const enum, which verbatimModuleSyntax cannot import.
const argon2id = 2;
/** argon2id, memory-hard (OWASP's 19 MiB, 2 passes baseline). */
const standard = { algorithm: argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
/**
 * `PASSWORD_HASH_COST=low`, for test runs only: the same algorithm at its smallest cost, because the suite hashes
 * and verifies some two thousand passwords. Refused under NODE_ENV=production. A hash records its own cost, so
 * verifying works across both settings.
 */
const low = { algorithm: argon2id, memoryCost: 1_024, timeCost: 1, parallelism: 1 } as const;

export function hashOptions(env: NodeJS.ProcessEnv = process.env): typeof standard | typeof low {
  const cost = env.PASSWORD_HASH_COST ?? 'standard';
  if (cost === 'standard') return standard;
  if (cost === 'low' && env.NODE_ENV !== 'production') return low;
  throw new Error(
    `PASSWORD_HASH_COST=${cost} is not allowed${env.NODE_ENV === 'production' ? ' in production' : ''}: use standard`,
  );
}
const options = hashOptions();

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;
/** Verifies against a throwaway hash so an unknown email costs as much time as a wrong password. */
export async function burnVerification(password: string): Promise<void> {
  dummyHash ??= hashPassword('not-a-real-password-0000');
  await verifyPassword(await dummyHash, password);
}
