import { generateKeyPairSync } from 'node:crypto';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { randomShortId } from '../kit/shortIds';
import { type TicketSigningKey, publishedTicketKeys, ticketKeyId } from './signingKeys';
import { maxTicketIssue } from './ticketCodeFormat';
import {
  importTicketKeys,
  serverTicketVerifier,
  signTicketCode,
  ticketCodeRefusals,
  verifyTicketCode,
  type TicketVerificationKeys,
} from './ticketCodes';

function newKey(): TicketSigningKey {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  return { kid: ticketKeyId(publicKey), privateKey, publicKey };
}

const ticket = {
  eventId: 'ev_k3v9x2m4q8r1zz',
  ticketId: 'tk_a7bn2c9d0e3f4g',
  attendeeShortId: 'p2x9q7m4k8v3t6r1w5y0',
  issue: 0,
};

/**
 * The smallest QR version (ISO/IEC 18004) holding a string of digits at error-correction level M: numeric
 * mode, 4 mode bits, a 10-bit count (versions 1 to 9), 10 bits per 3 digits. The `qrcode` package would say
 * the same; it is not installed here.
 */
function qrVersionAtLevelM(digits: string): number {
  expect(digits).toMatch(/^[0-9]+$/);
  const rest = digits.length % 3;
  const bits = 4 + 10 + Math.floor(digits.length / 3) * 10 + (rest === 1 ? 4 : rest === 2 ? 7 : 0);
  const dataCodewords = [16, 28, 44, 64, 86, 108, 124, 154, 182];
  const version = dataCodewords.findIndex((codewords) => codewords * 8 >= bits) + 1;
  if (version === 0) throw new Error(`${digits.length} digits need QR version 10 or more`);
  return version;
}

describe('signed ticket codes', () => {
  let key: TicketSigningKey;
  let otherKey: TicketSigningKey;
  let keys: TicketVerificationKeys;

  beforeAll(async () => {
    key = newKey();
    otherKey = newKey();
    keys = await importTicketKeys(publishedTicketKeys({ current: key, all: [key] }));
  });

  it('carry the event, the ticket, the attendee, the key and the issue, verified with Web Crypto', async () => {
    const code = signTicketCode(ticket, key);
    expect(code).toMatch(/^1[0-9]+$/);
    expect(await verifyTicketCode(code, keys)).toEqual({ ok: true, fields: { ...ticket, keyId: key.kid } });
  });

  it('sign the same ticket again the same way, each key with its own signature even under the same key id', async () => {
    const code = signTicketCode(ticket, key);
    expect(signTicketCode({ ...ticket }, key)).toBe(code);
    expect(signTicketCode({ ...ticket, issue: 1 }, key)).not.toBe(code);
    // A key whose id collides with the current one's must still sign with its own private key.
    const impostor = { ...newKey(), kid: key.kid };
    const forged = signTicketCode(ticket, impostor);
    expect(forged).not.toBe(code);
    expect(await verifyTicketCode(forged, keys)).toMatchObject({ ok: false });
    expect(await verifyTicketCode(signTicketCode(ticket, key), keys)).toMatchObject({ ok: true });
  });

  it('fit QR version 6 at level M for typical ids (249 digits)', () => {
    const code = signTicketCode(ticket, key);
    expect(code).toHaveLength(249);
    expect(qrVersionAtLevelM(code)).toBe(6);
    const longest = signTicketCode(
      {
        eventId: 'ev_zzzzzzzzzzzzzzz',
        ticketId: 'tk_zzzzzzzzzzzzzzz',
        attendeeShortId: randomShortId(),
        issue: 1023,
      },
      key,
    );
    expect(qrVersionAtLevelM(longest)).toBeLessThanOrEqual(6);
  });

  it('tell a re-issued ticket from its old code by the issue', async () => {
    const reissued = await verifyTicketCode(signTicketCode({ ...ticket, issue: 3 }, key), keys);
    expect(reissued.ok && reissued.fields.issue).toBe(3);
  });

  it('verify with any published key, so a rotated key keeps old codes valid', async () => {
    const both = await importTicketKeys(publishedTicketKeys({ current: otherKey, all: [otherKey, key] }));
    expect((await verifyTicketCode(signTicketCode(ticket, key), both)).ok).toBe(true);
    expect((await verifyTicketCode(signTicketCode(ticket, otherKey), both)).ok).toBe(true);
  });

  it('refuse a code signed by a key that is not published: unknown_key', async () => {
    expect(await verifyTicketCode(signTicketCode(ticket, otherKey), keys)).toEqual({
      ok: false,
      reason: 'unknown_key',
    });
  });

  it('refuse the signature of another key under a published key id: bad_signature', async () => {
    const impostor = { kid: key.kid, privateKey: otherKey.privateKey };
    expect(await verifyTicketCode(signTicketCode(ticket, impostor), keys)).toEqual({
      ok: false,
      reason: 'bad_signature',
    });
  });

  it('refuse a code whose fields were changed: bad_signature', async () => {
    const genuine = signTicketCode(ticket, key);
    const forged = signTicketCode({ ...ticket, attendeeShortId: 'q2x9q7m4k8v3t6r1w5y0' }, key);
    // The first 5 groups of 17 digits hold only fields (bytes 0 to 34): the forged ones, the genuine rest.
    const spliced = forged.slice(0, 86) + genuine.slice(86);
    expect(forged.slice(0, 86)).not.toBe(genuine.slice(0, 86));
    expect(await verifyTicketCode(spliced, keys)).toEqual({ ok: false, reason: 'bad_signature' });
  });

  it('refuse a flipped bit anywhere in the fields or the signature', async () => {
    const code = signTicketCode(ticket, key);
    const digits = code.slice(1);
    for (let group = 0; group * 17 < digits.length; group++) {
      const start = 1 + group * 17;
      const text = code.slice(start, start + 17);
      const flipped = (BigInt(text) ^ 1n).toString().padStart(text.length, '0');
      const mutated = code.slice(0, start) + flipped + code.slice(start + 17);
      expect((await verifyTicketCode(mutated, keys)).ok, `group ${group}`).toBe(false);
    }
  });

  it('refuse truncated, padded, non-digit, base64 and empty codes: malformed', async () => {
    const code = signTicketCode(ticket, key);
    for (const bad of [
      code.slice(0, -1),
      code.slice(0, -17),
      code.slice(0, 60),
      `${code}0`,
      `${code}00000000000000000`,
      ` ${code}`,
      code.replace(/^1/, '1x'),
      Buffer.from(code).toString('base64url'),
      'T1.abc.def',
      '1',
      '',
    ])
      expect(await verifyTicketCode(bad, keys), bad.slice(0, 20)).toMatchObject({
        ok: false,
        reason: 'malformed',
      });
    expect(await verifyTicketCode(undefined as unknown as string, keys)).toMatchObject({
      reason: 'malformed',
    });
  });

  it('refuse a code of another format version: wrong_version', async () => {
    const code = signTicketCode(ticket, key);
    expect(await verifyTicketCode(`2${code.slice(1)}`, keys)).toEqual({ ok: false, reason: 'wrong_version' });
  });

  it('say only the documented reasons', () => {
    expect(ticketCodeRefusals).toEqual(['malformed', 'wrong_version', 'unknown_key', 'bad_signature']);
  });

  it('refuse to sign what the format cannot carry', () => {
    expect(() => signTicketCode({ ...ticket, issue: maxTicketIssue + 1 }, key)).toThrow(/issue/);
    expect(() => signTicketCode({ ...ticket, eventId: 'event-1' }, key)).toThrow(/entity id/);
    expect(() => signTicketCode({ ...ticket, attendeeShortId: 'ILOU' }, key)).toThrow(/short id/);
  });

  it('fail for any change to a valid code (property)', async () => {
    const code = signTicketCode(ticket, key);
    const mutation = fc.oneof(
      fc.record({
        kind: fc.constant('replace' as const),
        at: fc.nat(code.length - 1),
        char: fc.constantFrom(...'0123456789aZ-.'),
      }),
      fc.record({ kind: fc.constant('delete' as const), at: fc.nat(code.length - 1), char: fc.constant('') }),
      fc.record({
        kind: fc.constant('insert' as const),
        at: fc.nat(code.length),
        char: fc.constantFrom(...'0123456789'),
      }),
    );
    await fc.assert(
      fc.asyncProperty(mutation, async ({ kind, at, char }) => {
        const mutated =
          kind === 'insert'
            ? code.slice(0, at) + char + code.slice(at)
            : code.slice(0, at) + char + code.slice(at + 1);
        fc.pre(mutated !== code);
        expect((await verifyTicketCode(mutated, keys)).ok).toBe(false);
      }),
      { numRuns: 500 },
    );
  });

  it('answer the same on the server (node:crypto) as on the scanning page (Web Crypto)', async () => {
    const published = publishedTicketKeys({ current: key, all: [key] });
    const onServer = serverTicketVerifier(published);
    const code = signTicketCode(ticket, key);
    const codes = [
      code,
      signTicketCode({ ...ticket, issue: 3 }, key),
      signTicketCode(ticket, otherKey),
      signTicketCode(ticket, { ...otherKey, kid: key.kid }),
      signTicketCode({ ...ticket, attendeeShortId: 'q2x9q7m4k8v3t6r1w5y0' }, key).slice(0, 86) +
        code.slice(86),
      `2${code.slice(1)}`,
      code.slice(0, -1),
      `${code}0`,
      '',
      ...Array.from({ length: code.length - 1 }, (_, at) => {
        const digit = code[at + 1] === '9' ? '0' : String(Number(code[at + 1]) + 1);
        return code.slice(0, at + 1) + digit + code.slice(at + 2);
      }),
    ];
    const answers = await Promise.all(
      codes.map(async (each) => ({
        server: await onServer(each),
        page: await verifyTicketCode(each, keys),
      })),
    );
    for (const [index, { server, page }] of answers.entries()) expect(server, codes[index]).toEqual(page);
    // One at a time, apart (checked on the event loop) as together (the first there, the rest on the thread pool).
    for (const [index, each] of codes.entries()) {
      await new Promise((resolve) => setTimeout(resolve, 2));
      expect(await onServer(each), each).toEqual(answers[index]!.server);
    }
    expect(answers.filter(({ server }) => server.ok)).toHaveLength(2);
    expect(new Set(answers.map(({ server }) => (server.ok ? 'ok' : server.reason)))).toEqual(
      new Set(['ok', 'unknown_key', 'bad_signature', 'wrong_version', 'malformed']),
    );
  });
});
