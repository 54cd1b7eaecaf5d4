import { resolve } from 'node:path';
import { isLogLevel, type LogLevel } from './logger';
import { readWalletConfig, type WalletConfig } from './walletConfig';

/** Every setting the process reads, all from environment variables with safe defaults (see README). */
export interface AppConfig {
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  logLevel: LogLevel;
  nodeEnv: string;
  /** The first run creates this admin; a random password is generated and printed when none is given. */
  adminEmail: string;
  adminPassword: string | undefined;
  sessionTtlHours: number;
  seedSampleEvent: boolean;
  webDist: string;
  /** Body size limit of JSON requests. */
  jsonLimit: string;
  /** `smtp://user:pass@host:587` (or `smtps://`); without it emails stay in the local outbox admins can read. */
  smtpUrl: string | undefined;
  /** The From of every email. */
  mailFrom: string;
  /** On SIGTERM, how long requests in flight may take before their connections are destroyed (below Docker's 10 s). */
  shutdownTimeoutSeconds: number;
  /** A projection handler that throws: `park` the event and go on (default), or `stop` that projection. */
  projectionOnError: 'park' | 'stop';
  /** How long a claimed email address may lack its user before the worker frees it (a command cut short). */
  emailClaimGraceSeconds: number;
  /** When set, `/metrics` and the detail of `/readyz` need `Authorization: Bearer <token>`; else only loopback. */
  metricsToken: string | undefined;
  /** Ed25519 keys that sign ticket codes (PEM or base64, comma-separated, first signs); else `DATA_DIR/keys`. */
  ticketSigningKey: string | undefined;
  /** Messages (to attendees or buyers) one account may schedule in 24 hours: a brake on abuse. */
  messagesDailyLimit: number;
  /** Lets webhooks reach loopback, private and link-local addresses (tests, a receiver on the same network). */
  webhooksAllowPrivate: boolean;
  /**
   * Whether an event whose organizer made no choice gets the waiting room for a large on-sale
   * (docs/waiting-room.md); `WAITING_ROOM_AUTOMATIC=off` leaves it to the organizers' explicit choice.
   */
  waitingRoomAutomatic: boolean;
  /**
   * Test runs: a member's GET whose handler queries a projection its route does not declare in `reads` answers
   * 500 (services/kit/http/readAfterWrite.ts). Costs a look at every query; off in production.
   */
  verifyDeclaredReads: boolean;
  /** Card payments through Stripe: off unless configured (docs/payments.md). */
  payments: PaymentsConfig;
  /** What one anonymous client may reserve (docs/orders.md, "Limits on reservations"). */
  reservations: ReservationLimits;
  /** Apple and Google Wallet passes of tickets: each off unless configured (docs/tickets.md). */
  wallets: WalletConfig;
}

export interface ReservationLimits {
  /** Unexpired holds one client (an address, an IPv6 /64) may have in one event at once; 0: no limit. */
  holdsPerClient: number;
  /** Reservations one client may ask for in one event per minute; 0: no limit. */
  perClientPerMinute: number;
  /** A reservation's longest life, extensions included, as a multiple of its first length; 1: no extension. */
  lifetimeFactor: number;
}

/** How the platform takes card payments: not at all, through Stripe Connect, or with one self-hosted key set. */
export type PaymentsConfig = { mode: 'off' } | StripeConfig;

export interface StripeConfig {
  /** `connect`: the platform's key, each account onboards a connected account. `direct`: one key set for all. */
  mode: 'connect' | 'direct';
  secretKey: string;
  publishableKey: string;
  /**
   * Signing secrets of the webhook endpoints (`whsec_…`), comma-separated in the environment: with Connect,
   * the platform's endpoint and the endpoint for connected accounts' events each have their own.
   */
  webhookSecrets: string[];
  /** Only for the local test double (tests, demos): never set in production. */
  api: { host: string; port: number; protocol: 'http' | 'https' } | null;
  /** The platform's fee on each paid order (connect mode): fixed minor units plus a percentage of the total. */
  applicationFee: { fixedMinor: number; percent: number } | null;
  timeoutMs: number;
  maxNetworkRetries: number;
}

export function readAppConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const port = integer(env.PORT, 3000, 'PORT');
  return {
    port,
    host: env.HOST || '0.0.0.0',
    publicUrl: (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/+$/, ''),
    dataDir: resolve(env.DATA_DIR || './data'),
    logLevel: isLogLevel(env.LOG_LEVEL) ? env.LOG_LEVEL : 'info',
    nodeEnv: env.NODE_ENV || 'development',
    adminEmail: (env.ADMIN_EMAIL || 'admin@example.com').trim().toLowerCase(),
    adminPassword: env.ADMIN_PASSWORD || undefined,
    sessionTtlHours: integer(env.SESSION_TTL_HOURS, 24 * 7, 'SESSION_TTL_HOURS'),
    seedSampleEvent: env.SEED_SAMPLE_EVENT !== 'false',
    webDist: resolve(env.WEB_DIST || 'web/dist'),
    jsonLimit: env.JSON_BODY_LIMIT || '1mb',
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || 'Ticketing <no-reply@localhost>',
    shutdownTimeoutSeconds: integer(env.SHUTDOWN_SECONDS, 8, 'SHUTDOWN_SECONDS'),
    projectionOnError: oneOf(
      env.PROJECTION_ON_ERROR,
      ['park', 'stop'] as const,
      'park',
      'PROJECTION_ON_ERROR',
    ),
    metricsToken: env.METRICS_TOKEN || undefined,
    ticketSigningKey: env.TICKET_SIGNING_KEY || undefined,
    wallets: readWalletConfig(env),
    messagesDailyLimit: integer(env.MESSAGES_DAILY_LIMIT, 20, 'MESSAGES_DAILY_LIMIT'),
    webhooksAllowPrivate: env.WEBHOOKS_ALLOW_PRIVATE === 'true',
    waitingRoomAutomatic: env.WAITING_ROOM_AUTOMATIC !== 'off',
    verifyDeclaredReads: env.VERIFY_DECLARED_READS === 'true',
    emailClaimGraceSeconds: integer(env.EMAIL_CLAIM_GRACE_SECONDS, 600, 'EMAIL_CLAIM_GRACE_SECONDS'),
    payments: readPaymentsConfig(env),
    reservations: readReservationLimits(env),
  };
}

export function readReservationLimits(env: NodeJS.ProcessEnv): ReservationLimits {
  const lifetimeFactor = integer(env.RESERVATION_LIFETIME, 2, 'RESERVATION_LIFETIME');
  if (lifetimeFactor < 1) throw new Error('RESERVATION_LIFETIME must be at least 1');
  return {
    holdsPerClient: integer(env.RESERVATIONS_PER_CLIENT, 3, 'RESERVATIONS_PER_CLIENT'),
    perClientPerMinute: integer(env.RESERVATIONS_PER_MINUTE, 10, 'RESERVATIONS_PER_MINUTE'),
    lifetimeFactor,
  };
}

export function readPaymentsConfig(env: NodeJS.ProcessEnv): PaymentsConfig {
  const mode = oneOf(env.STRIPE_MODE, ['off', 'connect', 'direct'] as const, 'off', 'STRIPE_MODE');
  if (mode === 'off') return { mode };
  const required = (name: string): string => {
    const value = env[name]?.trim();
    if (!value) throw new Error(`STRIPE_MODE=${mode} needs ${name}`);
    return value;
  };
  const fixedMinor = integer(env.STRIPE_APPLICATION_FEE_FIXED, 0, 'STRIPE_APPLICATION_FEE_FIXED');
  const percent = decimal(env.STRIPE_APPLICATION_FEE_PERCENT, 0, 'STRIPE_APPLICATION_FEE_PERCENT');
  if (percent > 100) throw new Error('STRIPE_APPLICATION_FEE_PERCENT must be at most 100');
  if (mode === 'direct' && (fixedMinor > 0 || percent > 0))
    throw new Error('An application fee needs STRIPE_MODE=connect: direct mode has no platform to pay it to');
  const host = env.STRIPE_API_HOST?.trim();
  return {
    mode,
    secretKey: required('STRIPE_SECRET_KEY'),
    publishableKey: required('STRIPE_PUBLISHABLE_KEY'),
    webhookSecrets: required('STRIPE_WEBHOOK_SECRET')
      .split(',')
      .map((secret) => secret.trim())
      .filter((secret) => secret !== ''),
    api: host
      ? {
          host,
          port: integer(env.STRIPE_API_PORT, 443, 'STRIPE_API_PORT'),
          protocol: oneOf(
            env.STRIPE_API_PROTOCOL,
            ['http', 'https'] as const,
            'https',
            'STRIPE_API_PROTOCOL',
          ),
        }
      : null,
    applicationFee: fixedMinor > 0 || percent > 0 ? { fixedMinor, percent } : null,
    timeoutMs: integer(env.STRIPE_TIMEOUT_MS, 20_000, 'STRIPE_TIMEOUT_MS'),
    maxNetworkRetries: integer(env.STRIPE_MAX_NETWORK_RETRIES, 2, 'STRIPE_MAX_NETWORK_RETRIES'),
  };
}

function decimal(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed < 0 || !/^\d+(\.\d+)?$/.test(value.trim()))
    throw new Error(`${name} must be a non-negative number, got "${value}"`);
  return parsed;
}

function integer(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0)
    throw new Error(`${name} must be a whole number, got "${value}"`);
  return parsed;
}

function oneOf<Value extends string>(
  value: string | undefined,
  allowed: readonly Value[],
  fallback: Value,
  name: string,
): Value {
  if (value === undefined || value === '') return fallback;
  if (!(allowed as readonly string[]).includes(value))
    throw new Error(`${name} must be one of ${allowed.join(', ')}, got "${value}"`);
  return value as Value;
}
