/**
 * The objects the Stripe double (`stripeDouble.ts`) holds (accounts, payment intents, charges, refunds) and what
 * the v1 API's routes do to them, with the refusals Stripe answers. The double itself adds the HTTP server, the
 * idempotency keys and the webhooks.
 */
import { randomBytes } from 'node:crypto';
import {
  integerParam,
  invalid,
  missing,
  notFound,
  positiveInteger,
  required,
  StripeError,
} from './stripeDoubleRequests';

export type StripeObject = Record<string, unknown> & { id: string; object: string };

export class StripeDoubleObjects {
  readonly accounts = new Map<string, StripeObject>();
  readonly paymentIntents = new Map<string, StripeObject>();
  readonly charges = new Map<string, StripeObject>();
  readonly refunds = new Map<string, StripeObject>();
  protected baseUrl = '';

  constructor(protected readonly now: () => number) {}

  protected route(
    method: string,
    path: string,
    params: Record<string, unknown>,
    stripeAccount: string | undefined,
  ): unknown {
    const parts = path.split('/').filter(Boolean);
    const [version, resource, id, action] = parts;
    if (version !== 'v1') throw notFound(path);
    switch (`${method} ${resource}${id ? '/:id' : ''}${action ? `/${action}` : ''}`) {
      case 'POST accounts':
        return this.createAccount(params);
      case 'GET accounts/:id':
        return this.mustFind(this.accounts, id!);
      case 'POST account_links':
        return this.createAccountLink(params);
      case 'POST payment_intents':
        return this.createPaymentIntent(params, stripeAccount);
      case 'GET payment_intents/:id':
        return this.ownIntent(id!, stripeAccount);
      case 'POST payment_intents/:id':
        return this.updatePaymentIntent(this.ownIntent(id!, stripeAccount), params);
      case 'POST payment_intents/:id/cancel':
        return this.cancelPaymentIntent(this.ownIntent(id!, stripeAccount), params);
      case 'POST refunds':
        return this.createRefund(params, stripeAccount);
      case 'GET refunds/:id':
        return this.mustFind(this.refunds, id!);
      default:
        throw notFound(path);
    }
  }

  private createAccount(params: Record<string, unknown>): StripeObject {
    const account: StripeObject = {
      id: this.newId('acct'),
      object: 'account',
      type: params.type ?? 'express',
      country: params.country ?? 'US',
      email: params.email ?? null,
      charges_enabled: false,
      details_submitted: false,
      payouts_enabled: false,
      metadata: params.metadata ?? {},
      created: this.now(),
    };
    this.accounts.set(account.id, account);
    return account;
  }

  private createAccountLink(params: Record<string, unknown>): StripeObject {
    const account = this.mustFind(this.accounts, required(params, 'account'));
    const returnUrl = required(params, 'return_url');
    const refreshUrl = required(params, 'refresh_url');
    const link = new URL(`${this.baseUrl}/test/onboarding/${account.id}`);
    link.searchParams.set('return_url', returnUrl);
    link.searchParams.set('refresh_url', refreshUrl);
    return {
      id: this.newId('link'),
      object: 'account_link',
      created: this.now(),
      expires_at: this.now() + 300,
      url: link.toString(),
    };
  }

  private createPaymentIntent(
    params: Record<string, unknown>,
    stripeAccount: string | undefined,
  ): StripeObject {
    const amount = positiveInteger(params, 'amount');
    const currency = required(params, 'currency').toLowerCase();
    if (!/^[a-z]{3}$/.test(currency)) throw invalid('currency', `Invalid currency: ${currency}`);
    const transfer = params.transfer_data as { destination?: string } | undefined;
    if (transfer?.destination) this.mustFind(this.accounts, transfer.destination);
    if (stripeAccount) this.mustFind(this.accounts, stripeAccount);
    const fee =
      params.application_fee_amount === undefined ? null : integerParam(params, 'application_fee_amount');
    if (fee !== null && !transfer?.destination && !stripeAccount)
      throw invalid(
        'application_fee_amount',
        'Can only apply an application_fee_amount when the PaymentIntent is attempting a direct payment (using an OAuth key or Stripe-Account header) or destination payment (using `transfer_data[destination]`).',
      );
    if (fee !== null && fee > amount)
      throw invalid('application_fee_amount', 'The application fee cannot exceed the amount.');
    const id = this.newId('pi');
    const intent: StripeObject = {
      id,
      object: 'payment_intent',
      amount,
      amount_received: 0,
      currency,
      status: 'requires_payment_method',
      client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
      metadata: params.metadata ?? {},
      description: params.description ?? null,
      receipt_email: params.receipt_email ?? null,
      application_fee_amount: fee,
      transfer_data: transfer ?? null,
      latest_charge: null,
      last_payment_error: null,
      cancellation_reason: null,
      livemode: false,
      created: this.now(),
      ...(stripeAccount ? { account: stripeAccount } : {}),
    };
    this.paymentIntents.set(id, intent);
    return this.visible(intent);
  }

  private updatePaymentIntent(intent: StripeObject, params: Record<string, unknown>): StripeObject {
    if (intent.status === 'succeeded' || intent.status === 'canceled')
      throw new StripeError(400, {
        type: 'invalid_request_error',
        code: 'payment_intent_unexpected_state',
        message: `This PaymentIntent's amount could not be updated because it has a status of ${String(intent.status)}.`,
      });
    if (params.amount !== undefined) intent.amount = positiveInteger(params, 'amount');
    if (params.metadata !== undefined)
      intent.metadata = { ...(intent.metadata as object), ...(params.metadata as object) };
    if (params.application_fee_amount !== undefined)
      intent.application_fee_amount = integerParam(params, 'application_fee_amount');
    if (params.description !== undefined) intent.description = params.description;
    return this.visible(intent);
  }

  private cancelPaymentIntent(intent: StripeObject, params: Record<string, unknown>): StripeObject {
    if (intent.status === 'succeeded' || intent.status === 'canceled')
      throw new StripeError(400, {
        type: 'invalid_request_error',
        code: 'payment_intent_unexpected_state',
        message: `You cannot cancel this PaymentIntent because it has a status of ${String(intent.status)}.`,
      });
    Object.assign(intent, { status: 'canceled', cancellation_reason: params.cancellation_reason ?? null });
    return this.visible(intent);
  }

  private createRefund(params: Record<string, unknown>, stripeAccount: string | undefined): StripeObject {
    const intent = this.ownIntent(required(params, 'payment_intent'), stripeAccount);
    const charge = intent.latest_charge ? this.charges.get(intent.latest_charge as string) : undefined;
    if (intent.status !== 'succeeded' || !charge)
      throw new StripeError(400, {
        type: 'invalid_request_error',
        code: 'charge_not_captured',
        message: `This PaymentIntent (${intent.id}) does not have a successful charge to refund.`,
      });
    const captured = charge.amount_captured as number;
    // What is refunded or on its way: pending refunds count, as on Stripe.
    const taken = [...this.refunds.values()]
      .filter((refund) => refund.charge === charge.id && refund.status !== 'failed')
      .reduce((sum, refund) => sum + (refund.amount as number), 0);
    const amount = params.amount === undefined ? captured - taken : positiveInteger(params, 'amount');
    if (amount <= 0 || amount > captured - taken)
      throw new StripeError(400, {
        type: 'invalid_request_error',
        code: taken >= captured ? 'charge_already_refunded' : 'amount_too_large',
        param: 'amount',
        message:
          taken >= captured
            ? `Charge ${charge.id} has already been refunded.`
            : `Refund amount (${amount}) is greater than unrefunded amount on charge (${captured - taken})`,
      });
    const refund: StripeObject = {
      id: this.newId('re'),
      object: 'refund',
      amount,
      currency: intent.currency,
      charge: charge.id,
      payment_intent: intent.id,
      status: 'pending',
      reason: params.reason ?? null,
      metadata: params.metadata ?? {},
      failure_reason: null,
      created: this.now(),
      ...(stripeAccount ? { account: stripeAccount } : {}),
    };
    this.refunds.set(refund.id, refund);
    return this.visible(refund);
  }

  private ownIntent(id: string, stripeAccount: string | undefined): StripeObject {
    const intent = this.mustFind(this.paymentIntents, id);
    // A direct charge lives on the connected account: it is found only with that account's header.
    if ((intent.account as string | undefined) !== stripeAccount) throw missing(id);
    return intent;
  }

  protected accountOf(intent: StripeObject): string | undefined {
    return (
      (intent.account as string | undefined) ??
      (intent.transfer_data as { destination?: string } | null)?.destination
    );
  }

  /** What the API shows of an object: everything but the double's own bookkeeping. */
  private visible(object: StripeObject): StripeObject {
    const { account: _account, ...shown } = object;
    return shown;
  }

  protected mustFind(map: Map<string, StripeObject>, id: string): StripeObject {
    const found = map.get(id);
    if (!found) throw missing(id);
    return found;
  }

  protected newId(prefix: string): string {
    return `${prefix}_${randomBytes(12).toString('hex')}`;
  }
}
