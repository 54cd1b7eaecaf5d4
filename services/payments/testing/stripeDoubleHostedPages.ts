/**
 * The Stripe double's stand-ins for Stripe's hosted pages in a browser (`stripeDouble.ts`): the onboarding an
 * account link leads to, and the test card page for when Stripe.js cannot load. Each button drives the outcome
 * through the double, which delivers its webhook, then goes back to the return URL.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { StripeDouble } from './stripeDouble';

/** Answers a `GET` or `POST` of `/test/onboarding/<acct>` or `/test/pay/<pi>`; anything else is not found. */
export async function serveHostedPage(
  double: StripeDouble,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  params: Record<string, unknown>,
): Promise<void> {
  const [, , page, id] = url.pathname.split('/');
  const returnUrl =
    typeof params.return_url === 'string' ? params.return_url : (url.searchParams.get('return_url') ?? '');
  const html = (title: string, body: string) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head>` +
        `<body style="font-family:sans-serif;max-width:32rem;margin:3rem auto"><main><h1>${title}</h1>${body}</main></body></html>`,
    );
  };
  const redirect = (to: string) => {
    res.writeHead(303, { location: to });
    res.end();
  };
  if (page === 'onboarding' && id && double.accounts.has(id)) {
    if (req.method === 'POST') {
      await double.completeAccount(id);
      redirect(returnUrl);
      return;
    }
    html(
      'Test onboarding',
      `<p>Account ${escapeHtml(id)}. This page stands in for Stripe's hosted onboarding.</p>` +
        `<form method="post"><input type="hidden" name="return_url" value="${escapeHtml(returnUrl)}">` +
        `<button type="submit">Complete setup</button></form>`,
    );
    return;
  }
  if (page === 'pay' && id && double.paymentIntents.has(id)) {
    const intent = double.paymentIntents.get(id)!;
    if (req.method === 'POST') {
      if (params.outcome === 'decline') await double.failPaymentIntent(id);
      else await double.succeedPaymentIntent(id);
      const back = new URL(returnUrl);
      back.searchParams.set('payment_intent', id);
      back.searchParams.set('redirect_status', params.outcome === 'decline' ? 'failed' : 'succeeded');
      redirect(back.toString());
      return;
    }
    const amount = `${(intent.amount as number) / 100} ${String(intent.currency).toUpperCase()}`;
    const button = (outcome: string, label: string) =>
      `<form method="post"><input type="hidden" name="return_url" value="${escapeHtml(returnUrl)}">` +
      `<input type="hidden" name="outcome" value="${outcome}"><button type="submit">${label}</button></form>`;
    html(
      'Test card payment',
      `<p>Payment ${escapeHtml(id)} of ${escapeHtml(amount)}. This page stands in for Stripe's Payment Element.</p>` +
        button('succeed', 'Pay') +
        button('decline', 'Decline'),
    );
    return;
  }
  res.writeHead(404, { 'content-type': 'text/plain' });
  res.end('Not found');
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
