/**
 * The QR code of a ticket: its format and its verification, shared by the server and the offline scanner in
 * the browser. Nothing here may import from Node: verification uses Web Crypto (`crypto.subtle`, Node 20 and
 * Chromium alike). Signing lives in ticketCodes.ts. Format and reasons: docs/admission.md.
 *
 * A code is a string of digits: `1` (the format version), then the packed fields followed by their 64-byte
 * Ed25519 signature, 7 bytes to 17 digits. Digits because a QR code stores them most densely (numeric mode,
 * 3.3 bits a character, against 5.5 for upper-case letters and 8 for base64): a typical code is 249 digits,
 * which fits QR version 6 at error-correction level M, where the same bytes as base64 text would need
 * version 8. Digits are also URL-safe and survive any keyboard layout a hardware scanner types with.
 */

export const ticketCodeVersion = '1';

/** Why a code is refused, a closed list (docs/admission.md); the scanner shows all of them as forged or unreadable. */
export const ticketCodeRefusals = ['malformed', 'wrong_version', 'unknown_key', 'bad_signature'] as const;
export type TicketCodeRefusal = (typeof ticketCodeRefusals)[number];

export interface TicketCodeFields {
  /** `ev_…`: a scanner compares it with its list's event. */
  eventId: string;
  /** The ticket type, `tk_…`: a scanner checks it is on its list, even for an attendee newer than its cache. */
  ticketId: string;
  /** The attendee's public short id (services/kit/shortIds.ts). */
  attendeeShortId: string;
  /** The signing key (4 characters, derived from its public key: signingKeys.ts). */
  keyId: string;
  /** Raised when the ticket is re-issued; a scanner admits only the attendee's current issue. */
  issue: number;
}

export type TicketCodeCheck =
  { ok: true; fields: TicketCodeFields } | { ok: false; reason: TicketCodeRefusal };

/** A public key as `GET /api/public/ticket-keys` publishes it (JWK with its key id). */
export interface PublishedTicketKey {
  kid: string;
  kty: 'OKP';
  crv: 'Ed25519';
  x: string;
  alg?: 'EdDSA';
  use?: 'sig';
}

export type TicketVerificationKeys = ReadonlyMap<string, CryptoKey>;

const alphabet = '0123456789abcdefghjkmnpqrstvwxyz';
const letters = 'abcdefghijklmnopqrstuvwxyz';
export const keyIdPattern = /^[0-9a-hjkmnp-tv-z]{4}$/;
const entityIdPattern = /^([a-z]{2})_([0-9a-hjkmnp-tv-z]{1,15})$/;
const attendeeShortIdPattern = /^[0-9a-hjkmnp-tv-z]{1,31}$/;
export const maxTicketIssue = 1023;
const signatureBytes = 64;
/** Digits for the last, shorter group of 1 to 6 bytes (index = bytes); a full group of 7 bytes is 17 digits. */
const digitsForBytes = [0, 3, 5, 8, 10, 13, 15, 17] as const;
const fullGroupBytes = 7;
const fullGroupDigits = 17;
const domain = new TextEncoder().encode(`ticket-code-${ticketCodeVersion}:`);

/** The bytes the signature covers: a domain label (so the key signs nothing else) and the packed fields. */
export function signedMessage(fieldBytes: Uint8Array): Uint8Array<ArrayBuffer> {
  const message = new Uint8Array(domain.length + fieldBytes.length);
  message.set(domain, 0);
  message.set(fieldBytes, domain.length);
  return message;
}

/** Packs the fields into bits; throws on values the format cannot carry (a programming error, not input). */
export function packTicketFields(fields: TicketCodeFields): Uint8Array {
  const bits = new BitWriter();
  if (!keyIdPattern.test(fields.keyId)) throw new Error(`Not a ticket key id: "${fields.keyId}"`);
  for (const char of fields.keyId) bits.write(alphabet.indexOf(char), 5);
  if (!Number.isInteger(fields.issue) || fields.issue < 0 || fields.issue > maxTicketIssue)
    throw new Error(`A ticket's issue must be 0 to ${maxTicketIssue}, got ${fields.issue}`);
  bits.write(fields.issue, 10);
  writeEntityId(bits, fields.eventId);
  writeEntityId(bits, fields.ticketId);
  if (!attendeeShortIdPattern.test(fields.attendeeShortId))
    throw new Error(`Not an attendee short id: "${fields.attendeeShortId}"`);
  bits.write(fields.attendeeShortId.length, 5);
  for (const char of fields.attendeeShortId) bits.write(alphabet.indexOf(char), 5);
  return bits.bytes();
}

export function unpackTicketFields(bytes: Uint8Array): TicketCodeFields | null {
  const bits = new BitReader(bytes);
  const keyId = readChars(bits, 4, alphabet);
  const issue = bits.read(10);
  const eventId = readEntityId(bits);
  const ticketId = readEntityId(bits);
  const shortIdLength = bits.read(5);
  const attendeeShortId = shortIdLength ? readChars(bits, shortIdLength, alphabet) : null;
  if (keyId === null || issue === null || !eventId || !ticketId || !attendeeShortId) return null;
  if (!bits.onlyZeroPaddingLeft()) return null;
  return { eventId, ticketId, attendeeShortId, keyId, issue };
}

export function encodeTicketCode(fieldBytes: Uint8Array, signature: Uint8Array): string {
  if (signature.length !== signatureBytes) throw new Error('An Ed25519 signature has 64 bytes');
  const all = new Uint8Array(fieldBytes.length + signature.length);
  all.set(fieldBytes, 0);
  all.set(signature, fieldBytes.length);
  let digits = ticketCodeVersion;
  for (let start = 0; start < all.length; start += fullGroupBytes) {
    const group = all.subarray(start, start + fullGroupBytes);
    let value = 0n;
    for (const byte of group) value = (value << 8n) | BigInt(byte);
    digits += value.toString().padStart(digitsForBytes[group.length] ?? fullGroupDigits, '0');
  }
  return digits;
}

export function decodeTicketCode(
  code: string,
):
  | { fieldBytes: Uint8Array<ArrayBuffer>; signature: Uint8Array<ArrayBuffer> }
  | { refusal: TicketCodeRefusal } {
  if (typeof code !== 'string' || !/^[0-9]+$/.test(code)) return { refusal: 'malformed' };
  if (!code.startsWith(ticketCodeVersion)) return { refusal: 'wrong_version' };
  const digits = code.slice(ticketCodeVersion.length);
  const bytes: number[] = [];
  for (let start = 0; start < digits.length; start += fullGroupDigits) {
    const group = digits.slice(start, start + fullGroupDigits);
    const byteCount = digitsForBytes.indexOf(group.length as (typeof digitsForBytes)[number]);
    if (byteCount <= 0) return { refusal: 'malformed' };
    let value = BigInt(group);
    if (value >= 1n << BigInt(8 * byteCount)) return { refusal: 'malformed' };
    const groupBytes: number[] = [];
    for (let i = 0; i < byteCount; i++) {
      groupBytes.unshift(Number(value & 0xffn));
      value >>= 8n;
    }
    bytes.push(...groupBytes);
  }
  if (bytes.length <= signatureBytes) return { refusal: 'malformed' };
  const all = Uint8Array.from(bytes);
  return {
    fieldBytes: all.subarray(0, all.length - signatureBytes),
    signature: all.subarray(all.length - signatureBytes),
  };
}

/** Imports the published keys once; verification then needs no further key parsing. */
export async function importTicketKeys(keys: readonly PublishedTicketKey[]): Promise<TicketVerificationKeys> {
  const imported = new Map<string, CryptoKey>();
  for (const { kid, kty, crv, x } of keys) {
    const key = await subtle().importKey('jwk', { kty, crv, x }, { name: 'Ed25519' }, false, ['verify']);
    imported.set(kid, key);
  }
  return imported;
}

/**
 * Whether `code` is a genuine ticket code, and its fields. Says nothing about the ticket's state (cancelled,
 * unpaid, already admitted, another event): that is the scanner's decision on the fields.
 */
export async function verifyTicketCode(code: string, keys: TicketVerificationKeys): Promise<TicketCodeCheck> {
  const read = readTicketCode(code);
  if ('refusal' in read) return { ok: false, reason: read.refusal };
  const key = keys.get(read.fields.keyId);
  if (!key) return { ok: false, reason: 'unknown_key' };
  const genuine = await subtle().verify({ name: 'Ed25519' }, key, read.signature, read.message);
  return genuine ? { ok: true, fields: read.fields } : { ok: false, reason: 'bad_signature' };
}

/** A well-formed code's fields, its signature and the bytes that signature must cover (checked by the caller). */
export function readTicketCode(
  code: string,
):
  | { fields: TicketCodeFields; signature: Uint8Array<ArrayBuffer>; message: Uint8Array<ArrayBuffer> }
  | { refusal: TicketCodeRefusal } {
  const decoded = decodeTicketCode(code);
  if ('refusal' in decoded) return decoded;
  const fields = unpackTicketFields(decoded.fieldBytes);
  if (!fields) return { refusal: 'malformed' };
  return { fields, signature: decoded.signature, message: signedMessage(decoded.fieldBytes) };
}

function subtle(): SubtleCrypto {
  // Browsers offer Web Crypto only in secure contexts (HTTPS or localhost), as they do the camera.
  const subtle = globalThis.crypto?.subtle as SubtleCrypto | undefined;
  if (!subtle) throw new Error('Verifying ticket codes needs Web Crypto: serve the page over HTTPS');
  return subtle;
}

function writeEntityId(bits: BitWriter, id: string): void {
  const match = entityIdPattern.exec(id);
  if (!match) throw new Error(`Not an entity id a ticket code can carry: "${id}"`);
  const [, prefix = '', body = ''] = match;
  for (const char of prefix) bits.write(letters.indexOf(char), 5);
  bits.write(body.length, 4);
  for (const char of body) bits.write(alphabet.indexOf(char), 5);
}

function readEntityId(bits: BitReader): string | null {
  const prefix = readChars(bits, 2, letters);
  const length = bits.read(4);
  if (prefix === null || !length) return null;
  const body = readChars(bits, length, alphabet);
  return body === null ? null : `${prefix}_${body}`;
}

function readChars(bits: BitReader, count: number, from: string): string | null {
  let out = '';
  for (let i = 0; i < count; i++) {
    const index = bits.read(5);
    const char = index === null ? undefined : from[index];
    if (char === undefined) return null;
    out += char;
  }
  return out;
}

class BitWriter {
  private readonly output: number[] = [];
  private buffer = 0;
  private count = 0;

  write(value: number, width: number): void {
    for (let bit = width - 1; bit >= 0; bit--) {
      this.buffer = (this.buffer << 1) | ((value >>> bit) & 1);
      if (++this.count === 8) {
        this.output.push(this.buffer);
        this.buffer = 0;
        this.count = 0;
      }
    }
  }

  bytes(): Uint8Array {
    const out = [...this.output];
    if (this.count > 0) out.push(this.buffer << (8 - this.count));
    return Uint8Array.from(out);
  }
}

class BitReader {
  private position = 0;
  constructor(private readonly input: Uint8Array) {}

  /** The next `width` bits, or null past the end. */
  read(width: number): number | null {
    if (this.position + width > this.input.length * 8) return null;
    let value = 0;
    for (let i = 0; i < width; i++, this.position++) {
      const byte = this.input[this.position >>> 3] ?? 0;
      value = (value << 1) | ((byte >>> (7 - (this.position & 7))) & 1);
    }
    return value;
  }

  /** True when only the zero bits that pad the last byte remain: one encoding per code, nothing appended. */
  onlyZeroPaddingLeft(): boolean {
    const left = this.input.length * 8 - this.position;
    if (left >= 8) return false;
    return left === 0 || this.read(left) === 0;
  }
}
