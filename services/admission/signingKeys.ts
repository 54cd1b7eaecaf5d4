import {
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
} from 'node:crypto';
import { linkSync, mkdirSync, readdirSync, readFileSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PublishedTicketKey } from './ticketCodeFormat';

/**
 * The platform's Ed25519 keys that sign ticket codes (docs/admission.md). Every process loads the same keys:
 *
 * - `TICKET_SIGNING_KEY` set: one or more PKCS#8 private keys, PEM or base64 of the PEM, separated by commas.
 *   The first signs, the others still verify (rotation). For several processes on several machines.
 * - otherwise the files `${DATA_DIR}/keys/ticket-signing-<kid>.pem` (mode 0600), the first one generated on
 *   the first start. The newest file signs; older ones still verify until deleted.
 */
export interface TicketSigningKey {
  /** 4 characters derived from the public key, so every process names the same key alike. */
  kid: string;
  privateKey: KeyObject;
  publicKey: KeyObject;
}

export interface TicketSigningKeys {
  /** The key new codes are signed with. */
  current: TicketSigningKey;
  /** Every key whose codes are accepted, the current one first. */
  all: TicketSigningKey[];
}

const alphabet = '0123456789abcdefghjkmnpqrstvwxyz';
const keyFilePattern = /^ticket-signing-([0-9a-hjkmnp-tv-z]{4})\.pem$/;

export function loadTicketSigningKeys(options: {
  dataDir: string;
  /** The value of `TICKET_SIGNING_KEY`, if any. */
  fromEnvironment?: string | undefined;
}): TicketSigningKeys {
  const configured = options.fromEnvironment?.trim();
  const keys = configured ? keysFromEnvironment(configured) : keysFromFolder(options.dataDir);
  const kids = new Set(keys.map((key) => key.kid));
  if (kids.size !== keys.length)
    throw new Error('Two ticket signing keys share a key id; replace one of them');
  const [current] = keys;
  if (!current) throw new Error('No ticket signing key');
  return { current, all: keys };
}

/** Adds a new key to the folder; it signs from the next start on, the older keys keep verifying. */
export function addTicketSigningKey(dataDir: string): TicketSigningKey {
  const folder = join(dataDir, 'keys');
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  const { privateKey } = generateKeyPairSync('ed25519');
  const key = signingKey(privateKey);
  // Written aside, then linked into place: a process that lists the folder never reads a half-written key, and
  // the link, like `wx`, refuses to replace a key file that exists.
  const draft = join(folder, `.ticket-signing-${key.kid}.${process.pid}.draft`);
  writeFileSync(draft, privateKey.export({ format: 'pem', type: 'pkcs8' }), { mode: 0o600, flag: 'wx' });
  try {
    linkSync(draft, join(folder, `ticket-signing-${key.kid}.pem`));
  } finally {
    unlinkSync(draft);
  }
  return key;
}

/** The public keys as JWK, for scanners (`GET /api/public/ticket-keys`). */
export function publishedTicketKeys(keys: TicketSigningKeys): PublishedTicketKey[] {
  return keys.all.map(({ kid, publicKey }) => {
    const jwk = publicKey.export({ format: 'jwk' });
    if (typeof jwk.x !== 'string') throw new Error('An Ed25519 public key without x');
    return { kid, kty: 'OKP', crv: 'Ed25519', x: jwk.x, alg: 'EdDSA', use: 'sig' };
  });
}

/** 20 bits of the SHA-256 of the raw public key, in the short-id alphabet. */
export function ticketKeyId(publicKey: KeyObject): string {
  const jwk = publicKey.export({ format: 'jwk' });
  const digest = createHash('sha256')
    .update(Buffer.from(String(jwk.x), 'base64url'))
    .digest();
  const bits = digest.readUInt32BE(0) >>> 12;
  let kid = '';
  for (let shift = 15; shift >= 0; shift -= 5) kid += alphabet[(bits >>> shift) & 31];
  return kid;
}

function keysFromEnvironment(value: string): TicketSigningKey[] {
  return value.split(',').map((entry, index) => {
    const text = entry.trim();
    const pem = text.startsWith('-----BEGIN') ? text : Buffer.from(text, 'base64').toString('utf8');
    try {
      return signingKey(createPrivateKey(pem));
    } catch {
      throw new Error(
        `TICKET_SIGNING_KEY entry ${index + 1} is not an Ed25519 private key (PKCS#8 PEM or its base64)`,
      );
    }
  });
}

function keysFromFolder(dataDir: string): TicketSigningKey[] {
  const folder = join(dataDir, 'keys');
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  const keyFiles = () => readdirSync(folder).filter((name) => keyFilePattern.test(name));
  let files = keyFiles();
  if (files.length === 0) {
    // Processes that start together on one data folder (an API, a worker) must not each make a first key, or
    // each would sign with one the others do not know until they restart: one makes it, the others wait for it.
    if (claimFirstKey(folder)) addTicketSigningKey(dataDir);
    else waitFor(() => keyFiles().length > 0, 10_000, `${folder}: another process is making the first key`);
    files = keyFiles();
  }
  const newestFirst = files
    .map((name) => ({ name, modified: statSync(join(folder, name)).mtimeMs }))
    .sort((a, b) => b.modified - a.modified || a.name.localeCompare(b.name));
  return newestFirst.map(({ name }) => {
    const key = signingKey(createPrivateKey(readFileSync(join(folder, name), 'utf8')));
    if (name !== `ticket-signing-${key.kid}.pem`)
      throw new Error(
        `${join(folder, name)} holds the key ${key.kid}; rename the file to ticket-signing-${key.kid}.pem`,
      );
    return key;
  });
}

/** Whether this process is the one to make the folder's first key (an atomic mkdir: exactly one succeeds). */
function claimFirstKey(folder: string): boolean {
  try {
    mkdirSync(join(folder, '.first-key'));
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

/** Blocks start-up (keys are read before anything is served) until `done`, or throws after `timeoutMs`. */
function waitFor(done: () => boolean, timeoutMs: number, what: string): void {
  const pause = new Int32Array(new SharedArrayBuffer(4));
  for (const deadline = Date.now() + timeoutMs; !done();) {
    if (Date.now() > deadline) throw new Error(`${what}, and it did not appear within ${timeoutMs / 1000} s`);
    Atomics.wait(pause, 0, 0, 20);
  }
}

function signingKey(privateKey: KeyObject): TicketSigningKey {
  if (privateKey.asymmetricKeyType !== 'ed25519') throw new Error('A ticket signing key must be Ed25519');
  const publicKey = createPublicKey(privateKey);
  return { kid: ticketKeyId(publicKey), privateKey, publicKey };
}
