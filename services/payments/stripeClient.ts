import { createRequire } from 'node:module';
import type Stripe from 'stripe';
import type { StripeConfig } from '../kit/config';

// Required when first used, not imported: a platform without card payments never loads the SDK (some 20 MB).
const require = createRequire(import.meta.url);

/**
 * The one way to talk to Stripe: the real SDK, with retries of network failures (each retry keeps the request's
 * Idempotency-Key, so Stripe does the work once) and a timeout. `api` points it at the local test double.
 */
export function stripeClient(config: StripeConfig): Stripe {
  const StripeSdk = require('stripe') as typeof Stripe;
  return new StripeSdk(config.secretKey, {
    maxNetworkRetries: config.maxNetworkRetries,
    timeout: config.timeoutMs,
    appInfo: { name: 'ticketing' },
    ...(config.api ? { host: config.api.host, port: config.api.port, protocol: config.api.protocol } : {}),
  });
}

export type { Stripe };
