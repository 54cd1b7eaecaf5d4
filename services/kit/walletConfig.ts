import { readFileSync } from 'node:fs';

/** Apple Wallet passes: the Pass Type ID certificate (signer) and Apple's WWDR intermediate, as PEM. */
export interface AppleWalletConfig {
  passTypeIdentifier: string;
  teamIdentifier: string;
  organizationName: string;
  signerCert: string;
  signerKey: string;
  signerKeyPassphrase: string | undefined;
  wwdr: string;
}

/** Google Wallet save links: the issuer and the service account that signs the links' JWTs (RS256). */
export interface GoogleWalletConfig {
  issuerId: string;
  serviceAccountEmail: string;
  privateKey: string;
}

/** Each wallet is offered only when all its settings are given (docs/tickets.md). */
export interface WalletConfig {
  apple: AppleWalletConfig | null;
  google: GoogleWalletConfig | null;
}

/** A PEM given inline (`\n` escapes allowed, as one-line environment values need) or the path of a PEM file. */
export function pemOrFile(value: string): string {
  const text = value.trim();
  if (text.includes('-----BEGIN')) return text.replace(/\\n/g, '\n');
  return readFileSync(text, 'utf8');
}

export function readWalletConfig(env: NodeJS.ProcessEnv): WalletConfig {
  const apple =
    env.APPLE_WALLET_PASS_TYPE_ID &&
    env.APPLE_WALLET_TEAM_ID &&
    env.APPLE_WALLET_SIGNER_CERT &&
    env.APPLE_WALLET_SIGNER_KEY &&
    env.APPLE_WALLET_WWDR_CERT
      ? {
          passTypeIdentifier: env.APPLE_WALLET_PASS_TYPE_ID,
          teamIdentifier: env.APPLE_WALLET_TEAM_ID,
          organizationName: env.APPLE_WALLET_ORGANIZATION || 'Ticket Shop',
          signerCert: pemOrFile(env.APPLE_WALLET_SIGNER_CERT),
          signerKey: pemOrFile(env.APPLE_WALLET_SIGNER_KEY),
          signerKeyPassphrase: env.APPLE_WALLET_SIGNER_KEY_PASSPHRASE || undefined,
          wwdr: pemOrFile(env.APPLE_WALLET_WWDR_CERT),
        }
      : null;
  const google =
    env.GOOGLE_WALLET_ISSUER_ID && env.GOOGLE_WALLET_SERVICE_ACCOUNT_EMAIL && env.GOOGLE_WALLET_PRIVATE_KEY
      ? {
          issuerId: env.GOOGLE_WALLET_ISSUER_ID,
          serviceAccountEmail: env.GOOGLE_WALLET_SERVICE_ACCOUNT_EMAIL,
          privateKey: pemOrFile(env.GOOGLE_WALLET_PRIVATE_KEY),
        }
      : null;
  return { apple, google };
}
