/**
 * Stripe.js, loaded from js.stripe.com only when the order can be paid by card (Stripe requires the script
 * from its own address; the app's CSP allows it only while card payments are configured). The few calls the
 * Payment Element needs are typed here instead of adding a package.
 */
export interface StripePaymentElement {
  mount(element: HTMLElement): void;
  destroy(): void;
}
export interface StripeElements {
  create(type: 'payment', options?: Record<string, unknown>): StripePaymentElement;
}
export interface StripeJs {
  elements(options: { clientSecret: string; locale?: string }): StripeElements;
  confirmPayment(options: {
    elements: StripeElements;
    confirmParams: { return_url: string };
  }): Promise<{ error?: { message?: string; type?: string } }>;
}
type StripeFactory = (publishableKey: string, options?: { stripeAccount?: string }) => StripeJs;

declare global {
  interface Window {
    Stripe?: StripeFactory;
  }
}

const STRIPE_JS = 'https://js.stripe.com/v3/';
let loading: Promise<StripeFactory> | null = null;

/** Resolves with `window.Stripe` once the script ran; rejects when it cannot load within `timeoutMs`. */
export function loadStripeJs(timeoutMs = 10_000): Promise<StripeFactory> {
  if (window.Stripe) return Promise.resolve(window.Stripe);
  loading ??= new Promise<StripeFactory>((resolve, reject) => {
    const script = document.createElement('script');
    const fail = () => {
      window.clearTimeout(timer);
      script.remove();
      loading = null;
      reject(new Error('Stripe.js could not be loaded'));
    };
    const timer = window.setTimeout(fail, timeoutMs);
    script.src = STRIPE_JS;
    script.async = true;
    script.onload = () => {
      window.clearTimeout(timer);
      if (window.Stripe) resolve(window.Stripe);
      else fail();
    };
    script.onerror = fail;
    document.head.appendChild(script);
  });
  return loading;
}
