import type { MessageDescriptor } from 'react-intl';
import { redirect, type RouteObject } from 'react-router';
import { EVENT_SECTIONS } from '../features/eventDashboard/sections';
import { homeLoader } from '../features/home/homeLoader';
import { publicEventLoader } from '../features/publicEvent/loader';
import { LightNotAvailableYet } from '../shared/ui/LightNotAvailableYet';
import { ErrorPage, NotFoundPage } from './errors/ErrorPage';
import { featureNames as f } from './messages';
import { InitialLoading, RootLayout } from './RootLayout';

/*
 * The spec's full route table (section 2). Code is split along the line the design draws (section 8):
 * - the public pages live under a light PublicShell and never import Blueprint;
 * - the organizer area (auth, manage, account, welcome) and the door-staff check-in page live under the lazy
 *   AdminShell, which brings Blueprint's CSS and providers.
 * Every page component is lazy. Loaders that the spec describes run eagerly, alongside their chunk download.
 */

/** A routed screen that is not built yet, in the admin look (Blueprint NonIdealState). */
function notAvailable(feature?: MessageDescriptor): Pick<RouteObject, 'lazy'> {
  return {
    lazy: async () => {
      const { NotAvailableYet } = await import('../shared/ui/NotAvailableYet');
      return { element: <NotAvailableYet feature={feature} /> };
    },
  };
}

/** A routed public screen that is not built yet, in the light public look. */
function publicNotAvailable(feature: MessageDescriptor): Pick<RouteObject, 'element'> {
  return { element: <LightNotAvailableYet feature={feature} /> };
}

const eventSectionLabel: Record<string, MessageDescriptor> = Object.fromEntries(
  EVENT_SECTIONS.map((section) => [section.path, section.label]),
);

const publicRoutes: RouteObject = {
  id: 'public',
  lazy: () => import('./PublicShell').then((m) => ({ Component: m.PublicShell })),
  children: [
    {
      index: true,
      loader: homeLoader,
      lazy: () => import('../features/home/HomePage').then((m) => ({ Component: m.HomePage })),
    },
    {
      path: 'e/:eventId/:eventSlug',
      loader: publicEventLoader,
      lazy: () =>
        import('../features/publicEvent/PublicEventPage').then((m) => ({ Component: m.PublicEventPage })),
    },
    {
      path: 'event/:eventId/:eventSlug',
      loader: publicEventLoader,
      lazy: () =>
        import('../features/publicEvent/PublicEventPage').then((m) => ({ Component: m.PublicEventPage })),
    },
    { path: 'widget/:eventId', ...publicNotAvailable(f.widget) },
    {
      path: 'checkout/:eventId',
      children: [
        { index: true, ...publicNotAvailable(f.checkout) },
        { path: ':orderShortId/details', ...publicNotAvailable(f.checkoutDetails) },
        { path: ':orderShortId/payment', ...publicNotAvailable(f.checkoutPayment) },
        { path: ':orderShortId/summary', ...publicNotAvailable(f.checkoutSummary) },
        { path: ':orderShortId/payment_return', ...publicNotAvailable(f.checkoutPaymentReturn) },
      ],
    },
    { path: 'order/:eventId/:orderShortId/print', ...publicNotAvailable(f.orderPrint) },
    { path: 'ticket/:eventId/:attendeeShortId', ...publicNotAvailable(f.ticket) },
    { path: 'ticket/:eventId/:attendeeShortId/print', ...publicNotAvailable(f.ticketPrint) },
  ],
};

const manageRoutes: RouteObject = {
  id: 'manage-layout',
  lazy: () => import('./ManageLayout').then((m) => ({ Component: m.ManageLayout })),
  children: [
    {
      path: 'manage',
      children: [
        { index: true, loader: () => redirect('/manage/events') },
        {
          path: 'events/:eventsState?',
          lazy: () => import('../features/events/EventsPage').then((m) => ({ Component: m.EventsPage })),
        },
        { path: 'organizer/:organizerId/events?/:eventsState?', ...notAvailable(f.organizerEvents) },
        { path: 'account', loader: () => redirect('/account/settings') },
        { path: 'profile', ...notAvailable(f.profile) },
        { path: 'profile/confirm-email-change/:token', ...notAvailable(f.confirmEmailChange) },
        { path: 'profile/confirm-email-address/:token', ...notAvailable(f.confirmEmailAddress) },
        {
          path: 'event/:eventId',
          lazy: () =>
            import('../features/eventDashboard/EventLayout').then((m) => ({ Component: m.EventLayout })),
          children: EVENT_SECTIONS.map((section) =>
            section.path === ''
              ? {
                  index: true,
                  lazy: () =>
                    import('../features/eventDashboard/EventOverviewPage').then((m) => ({
                      Component: m.EventOverviewPage,
                    })),
                }
              : { path: section.path, ...notAvailable(eventSectionLabel[section.path]) },
          ),
        },
      ],
    },
    { path: 'welcome', ...notAvailable(f.welcome) },
    {
      path: 'account',
      children: [
        { index: true, loader: () => redirect('/account/settings') },
        { path: 'settings', ...notAvailable(f.accountSettings) },
        { path: 'taxes-and-fees', ...notAvailable(f.taxesAndFees) },
        { path: 'event-defaults', ...notAvailable(f.eventDefaults) },
        { path: 'users', ...notAvailable(f.users) },
        { path: 'payment', ...notAvailable(f.payment) },
      ],
    },
  ],
};

const adminRoutes: RouteObject = {
  id: 'admin',
  lazy: () => import('./AdminShell').then((m) => ({ Component: m.AdminShell })),
  children: [
    {
      path: 'auth',
      lazy: () => import('./AuthLayout').then((m) => ({ Component: m.AuthLayout })),
      children: [
        { index: true, loader: () => redirect('/auth/login') },
        {
          path: 'login',
          lazy: () => import('../features/auth/LoginPage').then((m) => ({ Component: m.LoginPage })),
        },
        { path: 'register', ...notAvailable(f.register) },
        { path: 'forgot-password', ...notAvailable(f.forgotPassword) },
        { path: 'reset-password/:token', ...notAvailable(f.resetPassword) },
        { path: 'accept-invitation/:token', ...notAvailable(f.acceptInvitation) },
      ],
    },
    { path: 'check-in/:checkInListShortId', ...notAvailable(f.checkIn) },
    manageRoutes,
  ],
};

/** Every route gets the spec's error page as its error element (errors render in place of that route). */
export function withErrorElements(routes: RouteObject[]): RouteObject[] {
  return routes.map((route) => {
    const withError = { ...route, errorElement: route.errorElement ?? <ErrorPage /> } as RouteObject;
    if (route.children)
      (withError as { children?: RouteObject[] }).children = withErrorElements(route.children);
    return withError;
  });
}

export const routes: RouteObject[] = withErrorElements([
  {
    id: 'root',
    Component: RootLayout,
    hydrateFallbackElement: <InitialLoading />,
    children: [publicRoutes, adminRoutes, { path: '*', Component: NotFoundPage }],
  },
]);
