import { randomUUID } from 'node:crypto';
import { Stream } from 'node:stream';
import Koa, { type Context, type Middleware, type Next } from 'koa';
import compress from 'koa-compress';
import { bodyParser } from '@koa/bodyparser';
import { IndexedRouter } from '../kit/http/indexedRouter';
import { errorMiddleware } from '../kit/http/problem';
import { declaredQueries } from '../kit/http/declaredQueries';
import { readsAfterWrites } from '../kit/http/readAfterWrite';
import { allProjections } from '../../projections';
import { idempotency } from '../kit/http/idempotency';
import { pooledRandomBytes } from '../kit/random';
import { Refusal } from '../kit/refusal';
import type { AppConfig } from '../kit/config';
import type { AppState, Services } from '../kit/http/context';
import { authenticate } from '../identity/auth';
import { authRoutes } from '../identity/authRoutes';
import { profileRoutes } from '../identity/profileRoutes';
import { memberRoutes } from '../identity/memberRoutes';
import { accountRoutes } from '../identity/accountRoutes';
import { taxRoutes } from '../catalog/taxes/taxRoutes';
import { capacityAssignmentRoutes } from '../catalog/capacity/capacityRoutes';
import { outboxRoutes } from '../messaging/outboxRoutes';
import { auditLogRoutes } from '../audit/auditLogRoutes';
import { eventRoutes } from '../catalog/events/eventRoutes';
import { ticketRoutes } from '../catalog/tickets/ticketRoutes';
import { publicEventRoutes } from '../catalog/events/publicEventRoutes';
import { organizerRoutes } from '../catalog/organizers/routes';
import { eventDefaultsRoutes } from '../catalog/eventDefaults/routes';
import { promoCodeRoutes } from '../catalog/promoCodes/promoCodeRoutes';
import { questionRoutes } from '../catalog/questions/questionRoutes';
import { affiliateRoutes } from '../catalog/affiliates/affiliateRoutes';
import { messageRoutes } from '../messaging/messages/messageRoutes';
import { mailTemplateRoutes } from '../messaging/mailTemplates/mailTemplateRoutes';
import { webhookRoutes } from '../integrations/webhooks/webhookRoutes';
import { orderRoutes } from '../sales/orders/orderRoutes';
import { orderPaymentRoutes } from '../sales/orders/orderPaymentRoutes';
import { invoiceRoutes } from '../sales/invoices/invoiceRoutes';
import { orderAttendeeRoutes } from '../sales/orders/orderAttendeeRoutes';
import { publicOrderRoutes } from '../sales/orders/publicOrderRoutes';
import { publicWaitingListRoutes } from '../sales/waitingList/waitingListRoutes';
import { publicWaitingOfferRoutes, waitingOfferAdminRoutes } from '../sales/waitingList/waitingOfferRoutes';
import { waitingOfferTokens } from '../sales/waitingList/waitingOfferToken';
import { waitingRoomGate } from '../sales/waitingRoom/waitingRoomGate';
import { publicWaitingRoomRoutes } from '../sales/waitingRoom/waitingRoomRoutes';
import { waitingRoomTokens } from '../sales/waitingRoom/waitingRoomToken';
import { waitingListAdminRoutes } from '../sales/waitingList/waitingListAdminRoutes';
import { ticketDocumentRoutes } from '../sales/orders/ticketDocumentRoutes';
import { checkInListRoutes } from '../admission/checkIn/checkInListRoutes';
import { publicCheckInRoutes } from '../admission/checkIn/publicCheckInRoutes';
import { CheckInFeed } from '../admission/checkIn/checkInFeed';
import { loadTicketSigningKeys } from '../admission/signingKeys';
import { paymentRoutes } from '../payments/connection/paymentRoutes';
import { billingRoutes } from '../payments/billing/billingRoutes';
import { stripeWebhookRoutes } from '../payments/webhooks/webhookRoutes';
import { serveWeb } from './web';
import { proxyTrust } from './proxyTrust';
import { operatorAccess } from './operatorAccess';
import { PageViewCounter } from '../reporting/pageViews';
import { pageViewRoutes } from '../reporting/pageViewRoutes';
import { statsRoutes } from '../reporting/statsRoutes';
import { apiDocument, apiRouteContracts } from './contract';
import { PublicEventCache } from '../../projections/events/publicEventCache';
import { countParked, listParked } from '../../projections/runner/parked';

/** Composes the HTTP application: middleware in a fixed order, then the feature routers, then the web. */
export function createApp(
  services: Services,
  options: { pageViews?: PageViewCounter; checkInFeed?: CheckInFeed } = {},
): Koa {
  const pageViews =
    options.pageViews ??
    new PageViewCounter({ db: services.db, clock: services.clock, logger: services.logger });
  const checkInFeed = options.checkInFeed ?? new CheckInFeed();
  // What buyers load during a rush, shared by the public API and the SEO head of the event page.
  const publicEvents = new PublicEventCache(services.db, { now: () => services.clock.now().getTime() });
  services.readSide.onNotice(publicEvents.invalidate);
  // Loaded once at startup: every process signs and publishes the same keys (services/admission/signingKeys.ts).
  const ticketKeys = loadTicketSigningKeys({
    dataDir: services.config.dataDir,
    fromEnvironment: services.config.ticketSigningKey,
  });
  const app = new Koa(proxyTrust(process.env.TRUST_PROXY));
  app.use(requestContext(services));
  app.use(securityHeaders(services.config));
  app.use(errorMiddleware(services.logger));
  app.use(compression());
  // Load balancers and scrapers call these many times a second; they need no cookie, body or session, so
  // they are answered before that middleware (every answer still carries the security headers above).
  app.use(systemRoutes(services));
  app.use(xsrf);
  app.use(requireJsonBody);
  // Before the body parser: Stripe's signature is over the raw bytes, which the route reads itself.
  const stripeWebhooks = stripeWebhookRoutes(services);
  declaredQueries(stripeWebhooks, apiRouteContracts);
  app.use(stripeWebhooks.routes());
  app.use(
    bodyParser({
      enableTypes: ['json'],
      jsonLimit: services.config.jsonLimit,
      onError(error: Error) {
        const status = (error as { status?: number }).status;
        if (status === 413) throw new Refusal('payload_too_large');
        throw new Refusal('malformed_json', error.message);
      },
    }),
  );
  app.use(authenticate(services));
  app.use(privateAnswers);
  app.use(idempotency({ db: services.db, clock: services.clock, logger: services.logger }));

  const api = new IndexedRouter({ prefix: '/api' });
  let openApi: string | undefined;
  api.get('/openapi.json', (ctx) => {
    ctx.set('Cache-Control', 'public, max-age=300');
    ctx.type = 'application/json';
    ctx.body = openApi ??= JSON.stringify(apiDocument());
  });
  api.use(authRoutes(services).routes());
  // Self-service first: `/users/me` is matched before member administration's `/users/:id`.
  api.use(profileRoutes(services).routes());
  api.use(memberRoutes(services).routes());
  // Before accountRoutes, whose `/account` guard (account.manage) would also catch `/account/payment`, which
  // every member reads.
  api.use(paymentRoutes(services).routes());
  api.use(accountRoutes(services).routes());
  api.use(auditLogRoutes(services).routes());
  api.use(outboxRoutes(services).routes());
  api.use(eventRoutes(services).routes());
  api.use(ticketRoutes(services).routes());
  api.use(organizerRoutes(services).routes());
  api.use(eventDefaultsRoutes(services).routes());
  api.use(taxRoutes(services).routes());
  api.use(capacityAssignmentRoutes(services).routes());
  api.use(promoCodeRoutes(services).routes());
  api.use(questionRoutes(services).routes());
  api.use(affiliateRoutes(services).routes());
  api.use(billingRoutes(services).routes());
  // orderRoutes first: its exports are matched before orderAttendeeRoutes' `/attendees/:attendeeId`.
  api.use(orderRoutes(services, ticketKeys).routes());
  api.use(orderPaymentRoutes(services, ticketKeys).routes());
  api.use(invoiceRoutes(services, ticketKeys).routes());
  api.use(waitingListAdminRoutes(services).routes());
  api.use(orderAttendeeRoutes(services, ticketKeys).routes());
  api.use(statsRoutes(services).routes());
  api.use(checkInListRoutes(services).routes());
  api.use(messageRoutes(services).routes());
  api.use(mailTemplateRoutes(services).routes());
  api.use(webhookRoutes(services).routes());
  api.use(publicEventRoutes(services, publicEvents).routes());
  api.use(pageViewRoutes(services, publicEvents, pageViews).routes());
  const roomTokens = waitingRoomTokens(ticketKeys);
  const roomGate = waitingRoomGate(services, roomTokens);
  api.use(publicOrderRoutes(services, ticketKeys, roomGate).routes());
  api.use(publicWaitingRoomRoutes(services, roomTokens, roomGate).routes());
  api.use(publicWaitingListRoutes(services).routes());
  api.use(publicWaitingOfferRoutes(services).routes());
  api.use(waitingOfferAdminRoutes(services, waitingOfferTokens(ticketKeys)).routes());
  api.use(ticketDocumentRoutes(services, ticketKeys).routes());
  api.use(publicCheckInRoutes(services, ticketKeys, checkInFeed).routes());
  declaredQueries(api, apiRouteContracts);
  readsAfterWrites(api, apiRouteContracts, {
    readSide: services.readSide,
    db: services.db,
    projections: allProjections,
    verifyReads: services.config.verifyDeclaredReads,
  });
  app.use(api.routes());
  app.use(api.allowedMethods({ throw: true }));

  app.use(async (ctx, next) => {
    if (ctx.path === '/api' || ctx.path.startsWith('/api/'))
      throw new Refusal('route_not_found', `No route for ${ctx.method} ${ctx.path}`);
    await next();
  });
  app.use(serveWeb(services, publicEvents));
  return app;
}

/** `/healthz`, `/readyz` and `/metrics`: for load balancers, orchestrators and scrapers. */
function systemRoutes(services: Services): Middleware {
  const healthz = (ctx: Context) => {
    ctx.body = { status: 'ok' };
  };
  // Ready while the store answers: a failed projection or a parked event makes the platform degraded (named
  // here, in the metrics and in `npm run projections:parked`), not unready, because everything else works.
  // Parked events' errors stay out of this public answer: they quote the event's data.
  const operatorOnly = operatorAccess(services.config);
  const readyz = async (ctx: Context) => {
    const lags = await services.readSide.lag();
    await services.store.head();
    const failed = lags.filter((lag) => lag.status === 'failed').map((lag) => lag.projection);
    // Every runner's parked events, the worker's reactors included.
    const parkedCount = [...(await countParked(services.db)).values()].reduce((sum, n) => sum + n, 0);
    const parked = parkedCount > 0 ? await listParked(services.db, { limit: 20 }) : [];
    ctx.body = {
      status: failed.length > 0 || parkedCount > 0 ? 'degraded' : 'ready',
      failed_projections: failed,
      parked_events: parkedCount,
      projections: lags.map((lag) => ({
        ...lag,
        checkpoint: String(lag.checkpoint),
        head: String(lag.head),
        behind: String(lag.behind),
      })),
      ...(parked.length > 0
        ? {
            parked: parked.map((event) => ({
              id: event.id,
              projection: event.projection,
              position: String(event.position),
              type: event.eventType,
              stream: event.stream,
              attempts: event.attempts,
              parked_at: event.parkedAt?.toISOString() ?? null,
            })),
          }
        : {}),
    };
  };
  const metrics = async (ctx: Context) => {
    const lags = await services.readSide.lag();
    services.metrics.observeLag(lags);
    services.metrics.observeParked(
      await countParked(services.db),
      lags.map((lag) => lag.projection),
    );
    ctx.type = services.metrics.registry.contentType;
    ctx.body = await services.metrics.registry.metrics();
  };
  // A map instead of a router: these are matched first on every request, and a router composes a chain per
  // request.
  const routes = new Map<string, (ctx: Context) => Promise<void> | void>([
    ['/healthz', healthz],
    ['/readyz', (ctx) => operatorOnly.detail(ctx, () => readyz(ctx))],
    ['/metrics', (ctx) => operatorOnly.require(ctx, () => metrics(ctx))],
  ]);
  return (ctx, next) => {
    const route = routes.get(ctx.path);
    if (!route || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) return next();
    (ctx as Context & { _matchedRoute?: string })._matchedRoute = ctx.path;
    return route(ctx);
  };
}

/**
 * Compresses answers built in memory (API JSON, the event page's HTML with its head, the sitemap) in the best
 * encoding the client accepts. Streamed bodies go out as they are: the build's files come compressed
 * beforehand (services/api/web.ts), images are compressed formats, and an export must keep streaming with its
 * back-pressure and stop when the client leaves. Socket.IO answers on its own path, outside Koa.
 */
function compression(): Middleware {
  const compressing: Middleware = compress({ threshold: 1024, deflate: false });
  return async (ctx, next) => {
    await compressing(ctx, async () => {
      await next();
      if (ctx.body instanceof Stream) ctx.compress = false;
    });
  };
}

function requestContext(services: Services) {
  const { requestDuration } = services.metrics;
  const logsRequests = services.config.logLevel === 'debug';
  return async (ctx: Context, next: Next) => {
    const incoming = ctx.get('X-Request-Id');
    const requestId = incoming !== '' && /^[\w.-]{8,64}$/.test(incoming) ? incoming : randomUUID();
    (ctx.state as AppState).requestId = requestId;
    ctx.res.setHeader('X-Request-Id', requestId);
    const started = process.hrtime.bigint();
    try {
      await next();
    } finally {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const route =
        (ctx as Context & { _matchedRoute?: string })._matchedRoute ??
        (ctx.path.startsWith('/api') ? 'unmatched' : 'web');
      requestDuration.observe(
        { method: ctx.method, route: String(route), status: String(ctx.status) },
        seconds,
      );
      if (logsRequests)
        services.logger.debug('request', {
          requestId,
          method: ctx.method,
          path: ctx.path,
          status: ctx.status,
          ms: Math.round(seconds * 1000),
        });
    }
  };
}

function securityHeaders(config: Pick<AppConfig, 'publicUrl' | 'payments'>) {
  const https = config.publicUrl.startsWith('https:');
  // Stripe.js and its Payment Element (docs/payments.md), only when the platform takes card payments.
  const stripe = config.payments.mode !== 'off';
  // Built once: only the Socket.IO origin and the framing rule differ between answers.
  const cspBefore = [
    "default-src 'self'",
    // Organizers' images (covers, logos, pictures in descriptions and checkout messages) are the platform's own
    // uploads (services/catalog/richText.ts): no third party learns who looks at a page.
    stripe ? "img-src 'self' data: blob: https://*.stripe.com" : "img-src 'self' data: blob:",
    "style-src 'self' 'unsafe-inline'",
    stripe ? "script-src 'self' https://js.stripe.com" : "script-src 'self'",
    // The check-in scanner's QR decoder (qr-scanner) runs in a worker it creates from a blob of its own code.
    "worker-src 'self' blob:",
    // 'self': the widget settings page previews the widget in a frame of its own.
    ...(stripe ? ["frame-src 'self' https://js.stripe.com https://hooks.stripe.com"] : []),
    stripe ? "connect-src 'self' https://api.stripe.com " : "connect-src 'self' ",
  ].join('; ');
  const cspAfter = `; ${[
    "font-src 'self' data:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    'frame-ancestors ',
  ].join('; ')}`;
  return async (ctx: Context, next: Next) => {
    const res = ctx.res;
    res.setHeader('X-Content-Type-Options', 'nosniff');
    if (https) res.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    // The build's hashed scripts and styles: a document's policies do not apply to them, and a phone would
    // download these headers again with each of the dozens of files a page loads.
    if (ctx.path.startsWith('/assets/')) {
      await next();
      return;
    }
    res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
    res.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
    res.setHeader('Permissions-Policy', 'camera=(self), microphone=(), geolocation=()');
    // The widget is made to be embedded in organizers' sites; every other page refuses framing.
    const widget = ctx.path.startsWith('/widget/');
    if (!widget) res.setHeader('X-Frame-Options', 'DENY');
    // Socket.IO connects to this origin only; older Safari does not count ws(s) as 'self', so it is named.
    const socketOrigin = `${ctx.protocol === 'https' ? 'wss' : 'ws'}://${ctx.host}`;
    res.setHeader(
      'Content-Security-Policy',
      `${cspBefore}${socketOrigin}${cspAfter}${widget ? '*' : "'none'"}`,
    );
    await next();
  };
}

/** Answers on behalf of a logged-in member, and everything under /api/auth (tokens), are never stored. */
async function privateAnswers(ctx: Context, next: Next) {
  const markPrivate = () => {
    if ((ctx.state as AppState).auth || ctx.path.startsWith('/api/auth/'))
      ctx.set('Cache-Control', 'no-store');
  };
  try {
    await next();
  } finally {
    markPrivate();
  }
}

const unsafeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The anti-forgery pair of the spec: the server hands out an `XSRF-TOKEN` cookie and the web client echoes it
 * in `X-XSRF-TOKEN`. Bearer tokens already make the API immune to cross-site forms; the pair is checked
 * whenever a browser sends both, so a mismatch (a forged or stale page) is refused.
 */
async function xsrf(ctx: Context, next: Next) {
  const cookie = ctx.cookies.get('XSRF-TOKEN');
  if (!cookie) {
    ctx.cookies.set('XSRF-TOKEN', pooledRandomBytes(18).toString('base64url'), {
      httpOnly: false,
      sameSite: 'lax',
      overwrite: true,
    });
  }
  const header = ctx.get('X-XSRF-TOKEN');
  if (unsafeMethods.has(ctx.method) && cookie && header && header !== cookie)
    throw new Refusal('xsrf_mismatch');
  await next();
}

async function requireJsonBody(ctx: Context, next: Next) {
  const hasBody = Number(ctx.get('Content-Length') || 0) > 0 || ctx.get('Transfer-Encoding') !== '';
  // Image uploads (`.../images`) are the one place that takes multipart/form-data.
  const upload = ctx.method === 'POST' && /\/images$/.test(ctx.path) && ctx.is('multipart/form-data');
  if (
    ctx.path.startsWith('/api/') &&
    unsafeMethods.has(ctx.method) &&
    hasBody &&
    !upload &&
    !ctx.is('application/json')
  ) {
    throw new Refusal('unsupported_media_type', 'Send JSON with Content-Type: application/json');
  }
  await next();
}
