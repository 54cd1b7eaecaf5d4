import { execFileSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { join } from 'node:path';

/**
 * Throwaway wallet credentials for tests, made with openssl in `dir`: a CA standing for Apple's WWDR, the pass
 * signer certificate it issued, and a Google service account key.
 */
export function throwawayWalletCredentials(dir: string) {
  const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
  const newKey = ['-newkey', 'rsa:2048', '-nodes'];
  openssl(
    'req',
    '-x509',
    ...newKey,
    '-keyout',
    'ca.key',
    '-out',
    'ca.pem',
    '-subj',
    '/CN=Test WWDR',
    '-days',
    '3650',
  );
  openssl(
    'req',
    ...newKey,
    '-keyout',
    'signer.key',
    '-out',
    'signer.csr',
    '-subj',
    '/CN=Pass Type ID: pass.test.tickets',
  );
  openssl(
    'x509',
    '-req',
    '-in',
    'signer.csr',
    '-CA',
    'ca.pem',
    '-CAkey',
    'ca.key',
    '-CAcreateserial',
    '-out',
    'signer.pem',
    '-days',
    '3650',
  );
  const google = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    wwdrPath: join(dir, 'ca.pem'),
    signerCert: join(dir, 'signer.pem'),
    signerKey: join(dir, 'signer.key'),
    google,
  };
}
