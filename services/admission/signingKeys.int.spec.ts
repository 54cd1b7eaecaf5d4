import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { generateKeyPairSync } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { mkdtempSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { addTicketSigningKey, loadTicketSigningKeys, publishedTicketKeys } from './signingKeys';
import { importTicketKeys, signTicketCode, verifyTicketCode } from './ticketCodes';

const ticket = {
  eventId: 'ev_k3v9x2m4q8r1zz',
  ticketId: 'tk_a7bn2c9d0e3f4g',
  attendeeShortId: 'p2x9q7m4k8v3t6r1w5y0',
  issue: 0,
};

const folders: string[] = [];
function dataDir(): string {
  const folder = mkdtempSync(join(tmpdir(), 'ticket-keys-'));
  folders.push(folder);
  return folder;
}
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function pkcs8Pem(): string {
  return generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
}

/**
 * Loads the keys in `count` processes of their own at the same moment, as the processes of the platform do when
 * they start together: each says it is ready, then all load once the go file appears.
 */
async function kidsOfProcessesStartedTogether(dir: string, count: number): Promise<string[]> {
  const module = fileURLToPath(new URL('./signingKeys.ts', import.meta.url));
  const go = join(dir, 'go');
  const script = `const { existsSync } = await import('node:fs');
    const { loadTicketSigningKeys } = await import(${JSON.stringify(module)});
    process.stdout.write('ready\\n');
    const pause = new Int32Array(new SharedArrayBuffer(4));
    while (!existsSync(${JSON.stringify(go)})) Atomics.wait(pause, 0, 0, 1);
    process.stdout.write(loadTicketSigningKeys({ dataDir: ${JSON.stringify(dir)} }).current.kid + '\\n');`;
  const children = Array.from({ length: count }, () =>
    spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script]),
  );
  const outputs = children.map((child) => {
    let output = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => (output += chunk));
    return { ready: () => output.startsWith('ready\n'), text: () => output };
  });
  while (!outputs.every((output) => output.ready())) await new Promise((resolve) => setTimeout(resolve, 10));
  writeFileSync(go, '');
  await Promise.all(children.map((child) => once(child, 'exit')));
  return outputs.map((output) => output.text().split('\n')[1] ?? '');
}

describe('ticket signing keys', () => {
  it('are made once when several processes start together on an empty data folder', async () => {
    const dir = dataDir();
    const kids = await kidsOfProcessesStartedTogether(dir, 4);
    expect(new Set(kids).size).toBe(1);
    expect(readdirSync(join(dir, 'keys')).filter((name) => name.endsWith('.pem'))).toEqual([
      `ticket-signing-${kids[0]}.pem`,
    ]);
  });

  it('are generated on the first start into DATA_DIR/keys, readable by the owner only, and reused after', () => {
    const dir = dataDir();
    const first = loadTicketSigningKeys({ dataDir: dir });
    const files = readdirSync(join(dir, 'keys')).filter((name) => name.endsWith('.pem'));
    expect(files).toEqual([`ticket-signing-${first.current.kid}.pem`]);
    expect(statSync(join(dir, 'keys', files[0]!)).mode & 0o777).toBe(0o600);
    expect(first.current.kid).toMatch(/^[0-9a-hjkmnp-tv-z]{4}$/);

    const second = loadTicketSigningKeys({ dataDir: dir });
    expect(second.current.kid).toBe(first.current.kid);
    expect(second.all).toHaveLength(1);
  });

  it('rotate: the newest key signs, the older one still verifies its codes', async () => {
    const dir = dataDir();
    const before = loadTicketSigningKeys({ dataDir: dir });
    const oldCode = signTicketCode(ticket, before.current);
    const added = addTicketSigningKey(dir);
    const past = new Date(Date.now() - 60_000);
    utimesSync(join(dir, 'keys', `ticket-signing-${before.current.kid}.pem`), past, past);

    const after = loadTicketSigningKeys({ dataDir: dir });
    expect(after.current.kid).toBe(added.kid);
    expect(after.all.map((key) => key.kid)).toEqual([added.kid, before.current.kid]);
    const published = publishedTicketKeys(after);
    expect(published.map((key) => key.kid)).toEqual([added.kid, before.current.kid]);
    expect(published[0]).toMatchObject({ kty: 'OKP', crv: 'Ed25519', alg: 'EdDSA', use: 'sig' });
    expect(JSON.stringify(published)).not.toMatch(/"d"/);
    const keys = await importTicketKeys(published);
    expect((await verifyTicketCode(oldCode, keys)).ok).toBe(true);
    expect((await verifyTicketCode(signTicketCode(ticket, after.current), keys)).ok).toBe(true);
  });

  it('come from TICKET_SIGNING_KEY as PEM or base64, the first signing, and leave the folder alone', () => {
    const dir = dataDir();
    const [pem, retired] = [pkcs8Pem(), pkcs8Pem()];
    const fromPem = loadTicketSigningKeys({ dataDir: dir, fromEnvironment: pem });
    const fromBase64 = loadTicketSigningKeys({
      dataDir: dir,
      fromEnvironment: `${Buffer.from(pem).toString('base64')}, ${Buffer.from(retired).toString('base64')}`,
    });
    expect(fromBase64.current.kid).toBe(fromPem.current.kid);
    expect(fromBase64.all).toHaveLength(2);
    expect(() => readdirSync(join(dir, 'keys'))).toThrow(/ENOENT/);
  });

  it('refuse a key that is not Ed25519 or not a key, naming the variable', () => {
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 })
      .privateKey.export({ format: 'pem', type: 'pkcs8' })
      .toString();
    expect(() => loadTicketSigningKeys({ dataDir: dataDir(), fromEnvironment: rsa })).toThrow(
      /TICKET_SIGNING_KEY/,
    );
    expect(() => loadTicketSigningKeys({ dataDir: dataDir(), fromEnvironment: 'bm90IGEga2V5' })).toThrow(
      /TICKET_SIGNING_KEY entry 1/,
    );
  });

  it('refuse a key file whose name does not match its key', () => {
    const dir = dataDir();
    loadTicketSigningKeys({ dataDir: dir });
    writeFileSync(join(dir, 'keys', 'ticket-signing-zzzz.pem'), pkcs8Pem(), { mode: 0o600 });
    expect(() => loadTicketSigningKeys({ dataDir: dir })).toThrow(/rename the file/);
  });
});
