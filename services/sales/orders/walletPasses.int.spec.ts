import { execFileSync } from 'node:child_process';
import { createHash, createVerify, generateKeyPairSync, X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../kit/clock';
import { startTestPlatform, type TestPlatform } from '../../api/testing';
import { readWalletConfig } from '../../kit/walletConfig';
import { throwawayWalletCredentials } from './testingWallets';

type Attendee = { short_id: string; ticket_code: string | null };
type Order = { short_id: string; reference: string; attendees: Attendee[] };

/** The signer's files by path, the WWDR certificate inline: both ways the settings take. */
function throwawayCertificates(dir: string) {
  const { wwdrPath, signerCert, signerKey } = throwawayWalletCredentials(dir);
  return { wwdr: readFileSync(wwdrPath, 'utf8'), signerCert, signerKey };
}

describe('wallet passes', () => {
  const clock = new ManualClock(new Date('2027-01-10T12:00:00.000Z'));
  let t: TestPlatform;
  let bare: TestPlatform;
  let token: string;
  let organizerId: string;
  const dir = mkdtempSync(join(tmpdir(), 'wallet-'));
  const certificates = throwawayCertificates(dir);
  const google = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const env = {
    APPLE_WALLET_PASS_TYPE_ID: 'pass.test.tickets',
    APPLE_WALLET_TEAM_ID: 'TEAM123456',
    APPLE_WALLET_SIGNER_CERT: certificates.signerCert,
    APPLE_WALLET_SIGNER_KEY: certificates.signerKey,
    APPLE_WALLET_WWDR_CERT: certificates.wwdr,
    GOOGLE_WALLET_ISSUER_ID: '3388000000012345678',
    GOOGLE_WALLET_SERVICE_ACCOUNT_EMAIL: 'wallet@tickets-test.iam.gserviceaccount.com',
    // One line, as an environment value holds it.
    GOOGLE_WALLET_PRIVATE_KEY: google.privateKey
      .export({ type: 'pkcs8', format: 'pem' })
      .toString()
      .replace(/\n/g, '\\n'),
  };
  const api = () => t.client(token);
  const buyer = () => t.client();

  async function soldTicket(locale?: string) {
    const created = await api()<{ data: { id: string } }>('POST', '/api/events', {
      json: {
        organizer_id: organizerId,
        title: 'Harbour Lights',
        start_date: '2027-03-05T18:00:00+01:00',
        timezone: 'Europe/Berlin',
        currency: 'EUR',
      },
    });
    const eventId = created.body.data.id;
    await api()('PUT', `/api/events/${eventId}/settings`, { json: { homepage_primary_color: '#8a2be2' } });
    const ticket = await api()<{ data: { id: string } }>('POST', `/api/events/${eventId}/tickets`, {
      json: { type: 'FREE', title: 'Entry', quantity: 10, tax_and_fee_ids: [] },
    });
    await api()('PUT', `/api/events/${eventId}/status`, { json: { status: 'LIVE' } });
    const placed = await buyer()<{ data: Order }>('POST', `/api/public/events/${eventId}/orders`, {
      json: { lines: [{ ticket_id: ticket.body.data.id, quantity: 1 }], ...(locale ? { locale } : {}) },
    });
    const shortId = placed.body.data.short_id;
    await buyer()('PUT', `/api/public/events/${eventId}/orders/${shortId}/details`, {
      json: {
        first_name: 'Ann',
        last_name: 'Lee',
        email: 'ann@example.com',
        attendees: [{ first_name: 'Guest0', last_name: 'Lee', email: 'guest0@example.com' }],
        terms_agreed: true,
      },
    });
    const done = await buyer()<{ data: Order }>(
      'POST',
      `/api/public/events/${eventId}/orders/${shortId}/complete`,
      {
        json: { payment_method: 'FREE' },
      },
    );
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const attendee = done.body.data.attendees[0];
    if (!attendee) throw new Error('no attendee');
    const page = await buyer()<{ data: { attendee: Attendee } }>(
      'GET',
      `/api/public/events/${eventId}/attendees/${attendee.short_id}`,
    );
    return {
      eventId,
      order: done.body.data,
      shortId: attendee.short_id,
      code: page.body.data.attendee.ticket_code ?? '',
    };
  }

  beforeAll(async () => {
    const config = { reservations: { holdsPerClient: 0, perClientPerMinute: 0, lifetimeFactor: 2 } };
    t = await startTestPlatform('sqlite', { clock, config: { ...config, wallets: readWalletConfig(env) } });
    bare = await startTestPlatform('sqlite', { clock, config });
    token = await t.login(t.admin.email, t.admin.password);
    const organizer = await api()<{ data: { id: string } }>('POST', '/api/organizers', {
      json: { name: 'Harbour Collective' },
    });
    organizerId = organizer.body.data.id;
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await bare?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('says which wallets are offered', async () => {
    expect((await buyer()('GET', '/api/public/wallets')).body).toEqual({
      data: { apple: true, google: true },
    });
    expect((await bare.client()('GET', '/api/public/wallets')).body).toEqual({
      data: { apple: false, google: false },
    });
  });

  it("an Apple Wallet pass: the ticket's signed payload in a QR barcode, every file hashed, the manifest signed", async () => {
    const { eventId, shortId, code } = await soldTicket();
    expect(code).toBeTruthy();
    const response = await fetch(
      `${t.baseUrl}/api/public/events/${eventId}/attendees/${shortId}/wallet.pkpass`,
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/vnd.apple.pkpass');
    const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
    expect(Object.keys(files).sort()).toEqual(
      [
        'icon.png',
        'icon@2x.png',
        'logo.png',
        'logo@2x.png',
        'manifest.json',
        'pass.json',
        'signature',
      ].sort(),
    );
    const file = (name: string) => Buffer.from(files[name] ?? new Uint8Array());
    const pass = JSON.parse(file('pass.json').toString('utf8')) as Record<string, unknown> & {
      barcodes: { format: string; message: string }[];
      eventTicket: { primaryFields: { value: string }[] };
    };
    expect(pass).toMatchObject({
      formatVersion: 1,
      passTypeIdentifier: 'pass.test.tickets',
      teamIdentifier: 'TEAM123456',
      serialNumber: `${eventId}:${shortId}`,
      backgroundColor: 'rgb(138, 43, 226)',
      relevantDate: expect.stringMatching(/^2027-03-05T/) as unknown,
    });
    expect(pass.barcodes[0]).toMatchObject({ format: 'PKBarcodeFormatQR', message: code });
    expect(pass.eventTicket.primaryFields[0]?.value).toBe('Harbour Lights');

    const manifest = JSON.parse(file('manifest.json').toString('utf8')) as Record<string, string>;
    const hashed = Object.keys(files).filter((name) => name !== 'manifest.json' && name !== 'signature');
    expect(Object.keys(manifest).sort()).toEqual(hashed.sort());
    for (const name of hashed)
      expect(manifest[name]).toBe(createHash('sha1').update(file(name)).digest('hex'));

    // The detached PKCS#7 signature: over the manifest, by the signer certificate the (test) WWDR issued.
    writeFileSync(join(dir, 'manifest.json'), file('manifest.json'));
    writeFileSync(join(dir, 'signature'), file('signature'));
    execFileSync(
      'openssl',
      [
        'cms',
        '-verify',
        '-binary',
        '-inform',
        'DER',
        '-in',
        'signature',
        '-content',
        'manifest.json',
        '-CAfile',
        'ca.pem',
        '-purpose',
        'any',
        '-signer',
        'found.pem',
        '-out',
        '/dev/null',
      ],
      { cwd: dir, stdio: 'pipe' },
    );
    const fingerprint = (path: string) => new X509Certificate(readFileSync(join(dir, path))).fingerprint256;
    expect(fingerprint('found.pem')).toBe(fingerprint('signer.pem'));
    writeFileSync(join(dir, 'manifest.json'), Buffer.concat([file('manifest.json'), Buffer.from(' ')]));
    expect(() =>
      execFileSync(
        'openssl',
        [
          'cms',
          '-verify',
          '-binary',
          '-inform',
          'DER',
          '-in',
          'signature',
          '-content',
          'manifest.json',
          '-CAfile',
          'ca.pem',
          '-purpose',
          'any',
          '-out',
          '/dev/null',
        ],
        { cwd: dir, stdio: 'pipe' },
      ),
    ).toThrow();
  });

  it("labels the Apple pass and names the Google pass's texts in the order's language", async () => {
    const { eventId, shortId } = await soldTicket('de');
    const response = await fetch(
      `${t.baseUrl}/api/public/events/${eventId}/attendees/${shortId}/wallet.pkpass`,
    );
    expect(response.status).toBe(200);
    const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
    const pass = JSON.parse(Buffer.from(files['pass.json'] ?? new Uint8Array()).toString('utf8')) as {
      eventTicket: Record<
        'primaryFields' | 'secondaryFields' | 'auxiliaryFields' | 'backFields',
        { key: string; label: string }[]
      >;
    };
    const labels = Object.fromEntries(
      Object.values(pass.eventTicket).flatMap((fields) => fields.map((field) => [field.key, field.label])),
    );
    expect(labels).toEqual({
      event: 'Veranstaltung',
      attendee: 'Teilnehmer',
      start: 'Wann',
      ticket: 'Ticket',
      order: 'Bestellung',
      number: 'Ticketnummer',
      link: 'Ticketseite',
    });

    const link = await t.client()<{ data: { url: string } }>(
      'GET',
      `/api/public/events/${eventId}/attendees/${shortId}/google-wallet`,
    );
    expect(link.status, JSON.stringify(link.body)).toBe(200);
    const claims = JSON.parse(
      Buffer.from(link.body.data.url.split('/').pop()?.split('.')[1] ?? '', 'base64url').toString('utf8'),
    ) as { payload: { eventTicketClasses: { eventName: { defaultValue: { language: string } } }[] } };
    expect(claims.payload.eventTicketClasses[0]?.eventName.defaultValue.language).toBe('de');
  });

  it('a Google Wallet save link: an RS256 JWT by the service account whose object carries the signed payload', async () => {
    const { eventId, shortId, code, order } = await soldTicket();
    const response = await buyer()<{ data: { url: string } }>(
      'GET',
      `/api/public/events/${eventId}/attendees/${shortId}/google-wallet`,
    );
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const prefix = 'https://pay.google.com/gp/v/save/';
    expect(response.body.data.url.startsWith(prefix)).toBe(true);
    const [header = '', claims = '', signature = ''] = response.body.data.url.slice(prefix.length).split('.');
    const verified = createVerify('RSA-SHA256')
      .update(`${header}.${claims}`)
      .verify(google.publicKey, Buffer.from(signature, 'base64url'));
    expect(verified).toBe(true);
    expect(JSON.parse(Buffer.from(header, 'base64url').toString())).toEqual({ alg: 'RS256', typ: 'JWT' });
    const jwt = JSON.parse(Buffer.from(claims, 'base64url').toString()) as {
      iss: string;
      aud: string;
      typ: string;
      payload: {
        eventTicketClasses: { id: string }[];
        eventTicketObjects: {
          classId: string;
          barcode: { type: string; value: string };
          reservationInfo: { confirmationCode: string };
        }[];
      };
    };
    expect(jwt).toMatchObject({
      iss: env.GOOGLE_WALLET_SERVICE_ACCOUNT_EMAIL,
      aud: 'google',
      typ: 'savetowallet',
    });
    const object = jwt.payload.eventTicketObjects[0];
    expect(object?.barcode).toEqual({ type: 'QR_CODE', value: code, alternateText: shortId });
    expect(object?.classId).toBe(`${env.GOOGLE_WALLET_ISSUER_ID}.event-${eventId}`);
    expect(jwt.payload.eventTicketClasses[0]?.id).toBe(object?.classId);
    expect(object?.reservationInfo.confirmationCode).toBe(order.reference);
  });

  it("without the settings both answer 404 wallet_not_configured; another event's ticket answers 404", async () => {
    const { eventId, shortId } = await soldTicket();
    const other = await soldTicket();
    for (const path of ['wallet.pkpass', 'google-wallet']) {
      const missing = await bare.client()<{ reason: string }>(
        'GET',
        `/api/public/events/${eventId}/attendees/${shortId}/${path}`,
      );
      expect(missing.status).toBe(404);
      expect(missing.body.reason).toBe('wallet_not_configured');
      const foreign = await buyer()<{ reason: string }>(
        'GET',
        `/api/public/events/${eventId}/attendees/${other.shortId}/${path}`,
      );
      expect(foreign.status).toBe(404);
      expect(foreign.body.reason).toBe('attendee_not_found');
    }
  });
});
