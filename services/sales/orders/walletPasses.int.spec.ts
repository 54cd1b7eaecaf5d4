import { createHash, createVerify, generateKeyPairSync } from 'node:crypto';
import { unzipSync } from 'fflate';
import forge from 'node-forge';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../kit/clock';
import { startTestPlatform, type TestPlatform } from '../../api/testing';
import { readWalletConfig } from '../../kit/walletConfig';

type Attendee = { short_id: string; ticket_code: string | null };
type Order = { short_id: string; reference: string; attendees: Attendee[] };

/** A throwaway CA (standing for Apple's WWDR) and a pass signer certificate it issued. */
function throwawayCertificates() {
  const pki = forge.pki;
  const make = (
    cn: string,
    keys: forge.pki.KeyPair,
    issuer: { cert: forge.pki.Certificate | null; key: forge.pki.PrivateKey },
    serial: string,
  ) => {
    const cert = pki.createCertificate();
    cert.publicKey = keys.publicKey;
    cert.serialNumber = serial;
    cert.validity.notBefore = new Date('2026-01-01T00:00:00Z');
    cert.validity.notAfter = new Date('2030-01-01T00:00:00Z');
    cert.setSubject([{ name: 'commonName', value: cn }]);
    cert.setIssuer(issuer.cert ? issuer.cert.subject.attributes : [{ name: 'commonName', value: cn }]);
    cert.sign(issuer.key, forge.md.sha256.create());
    return cert;
  };
  const caKeys = pki.rsa.generateKeyPair(2048);
  const ca = make('Test WWDR', caKeys, { cert: null, key: caKeys.privateKey }, '01');
  const signerKeys = pki.rsa.generateKeyPair(2048);
  const signer = make(
    'Pass Type ID: pass.test.tickets',
    signerKeys,
    { cert: ca, key: caKeys.privateKey },
    '02',
  );
  return {
    wwdr: pki.certificateToPem(ca),
    signerCert: pki.certificateToPem(signer),
    signerKey: pki.privateKeyToPem(signerKeys.privateKey),
    signer,
  };
}

describe('wallet passes', () => {
  const clock = new ManualClock(new Date('2027-01-10T12:00:00.000Z'));
  let t: TestPlatform;
  let bare: TestPlatform;
  let token: string;
  let organizerId: string;
  const certificates = throwawayCertificates();
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

  async function soldTicket() {
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
      json: { lines: [{ ticket_id: ticket.body.data.id, quantity: 1 }] },
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

    // The detached PKCS#7 signature (SHA-1, as passkit-generator writes it): by the signer certificate, over the manifest.
    const p7 = forge.pkcs7.messageFromAsn1(
      forge.asn1.fromDer(forge.util.createBuffer(file('signature').toString('binary'))),
    ) as forge.pkcs7.PkcsSignedData & {
      rawCapture: { signature: string; authenticatedAttributes: forge.asn1.Asn1[] };
    };
    const { authenticatedAttributes, signature } = p7.rawCapture;
    const digestAttribute = authenticatedAttributes.find(
      (attribute) =>
        forge.asn1.derToOid((attribute.value as forge.asn1.Asn1[])[0]?.value as string) ===
        forge.pki.oids.messageDigest,
    );
    const digestSet = (digestAttribute?.value as forge.asn1.Asn1[])[1]?.value as forge.asn1.Asn1[];
    expect(Buffer.from(digestSet[0]?.value as string, 'binary').toString('hex')).toBe(
      createHash('sha1').update(file('manifest.json')).digest('hex'),
    );
    const signedAttributes = forge.asn1
      .toDer(
        forge.asn1.create(forge.asn1.Class.UNIVERSAL, forge.asn1.Type.SET, true, authenticatedAttributes),
      )
      .getBytes();
    const verifier = createVerify('RSA-SHA1').update(Buffer.from(signedAttributes, 'binary'));
    expect(verifier.verify(certificates.signerCert, Buffer.from(signature, 'binary'))).toBe(true);
    expect(p7.certificates.map((cert) => cert.subject.getField('CN')?.value as string)).toContain(
      'Pass Type ID: pass.test.tickets',
    );
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
