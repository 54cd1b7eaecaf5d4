import type { MessageDescriptor } from 'react-intl';
import { redirect, type RouteObject } from 'react-router';
import { checkoutStartLoader } from '../features/checkout/checkoutStart';
import { EVENT_SECTIONS } from '../features/eventDashboard/sections';
import { homeLoader } from '../features/home/homeLoader';
import { publicEventLoader } from '../features/publicEvent/loader';
import { ErrorPage, NotFoundPage } from '../shared/errors/ErrorPage';
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

/** Event sections that are built: their page, lazily loaded. */
const eventSectionPages: Record<string, RouteObject['lazy']> = {
  dashboard: () =>
    import('../features/dashboard/DashboardPage').then((m) => ({ Component: m.DashboardPage })),
  reports: () => import('../features/dashboard/ReportsPage').then((m) => ({ Component: m.ReportsPage })),
  tickets: () => import('../features/tickets/TicketsPage').then((m) => ({ Component: m.TicketsPage })),
  orders: () => import('../features/orders/OrdersPage').then((m) => ({ Component: m.OrdersPage })),
  attendees: () => import('../features/orders/AttendeesPage').then((m) => ({ Component: m.AttendeesPage })),
  invoices: () => import('../features/invoices/InvoicesPage').then((m) => ({ Component: m.InvoicesPage })),
  'waiting-list': () =>
    import('../features/waitingList/WaitingListPage').then((m) => ({ Component: m.WaitingListPage })),
  'promo-codes': () =>
    import('../features/promoCodes/PromoCodesPage').then((m) => ({ Component: m.PromoCodesPage })),
  'capacity-assignments': () =>
    import('../features/capacityAssignments/CapacityAssignmentsPage').then((m) => ({
      Component: m.CapacityAssignmentsPage,
    })),
  questions: () =>
    import('../features/questions/QuestionsPage').then((m) => ({ Component: m.QuestionsPage })),
  'check-in': () =>
    import('../features/checkIn/CheckInListsPage').then((m) => ({ Component: m.CheckInListsPage })),
  affiliates: () =>
    import('../features/affiliates/AffiliatesPage').then((m) => ({ Component: m.AffiliatesPage })),
  settings: () =>
    import('../features/eventSettings/EventSettingsPage').then((m) => ({ Component: m.EventSettingsPage })),
  'homepage-designer': () =>
    import('../features/homepageDesigner/HomepageDesignerPage').then((m) => ({
      Component: m.HomepageDesignerPage,
    })),
  widget: () =>
    import('../features/widget/WidgetSettingsPage').then((m) => ({ Component: m.WidgetSettingsPage })),
  messages: () => import('../features/messages/MessagesPage').then((m) => ({ Component: m.MessagesPage })),
  'email-templates': () =>
    import('../features/mailTemplates/MailTemplatesPage').then((m) => ({ Component: m.MailTemplatesPage })),
  webhooks: () => import('../features/webhooks/WebhooksPage').then((m) => ({ Component: m.WebhooksPage })),
  'getting-started': () =>
    import('../features/gettingStarted/GettingStartedPage').then((m) => ({
      Component: m.GettingStartedPage,
    })),
};

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
      path: 'e/:eventSlug/waiting/:entryId',
      lazy: () =>
        import('../features/waitingOffer/WaitingOfferPage').then((m) => ({ Component: m.WaitingOfferPage })),
    },
    {
      path: 'event/:eventId/:eventSlug',
      loader: publicEventLoader,
      lazy: () =>
        import('../features/publicEvent/PublicEventPage').then((m) => ({ Component: m.PublicEventPage })),
    },
    {
      path: 'checkout/:eventId',
      children: [
        { index: true, loader: checkoutStartLoader },
        {
          path: ':orderShortId/details',
          lazy: () => import('../features/checkout/DetailsPage').then((m) => ({ Component: m.DetailsPage })),
        },
        {
          path: ':orderShortId/payment',
          lazy: () => import('../features/checkout/PaymentPage').then((m) => ({ Component: m.PaymentPage })),
        },
        {
          path: ':orderShortId/summary',
          lazy: () => import('../features/checkout/SummaryPage').then((m) => ({ Component: m.SummaryPage })),
        },
        {
          path: ':orderShortId/payment_return',
          lazy: () =>
            import('../features/checkout/PaymentReturnPage').then((m) => ({
              Component: m.PaymentReturnPage,
            })),
        },
      ],
    },
    {
      path: 'order/:eventId/:orderShortId/print',
      lazy: () =>
        import('../features/checkout/OrderPrintPage').then((m) => ({ Component: m.OrderPrintPage })),
    },
    {
      path: 'ticket/:eventId/:attendeeShortId',
      lazy: () => import('../features/checkout/TicketPages').then((m) => ({ Component: m.TicketPage })),
    },
    {
      path: 'ticket/:eventId/:attendeeShortId/print',
      lazy: () => import('../features/checkout/TicketPages').then((m) => ({ Component: m.TicketPrintPage })),
    },
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
          path: 'dashboard',
          lazy: () =>
            import('../features/dashboard/OverviewPage').then((m) => ({ Component: m.OverviewPage })),
        },
        {
          path: 'events/:eventsState?',
          lazy: () => import('../features/events/EventsPage').then((m) => ({ Component: m.EventsPage })),
        },
        {
          path: 'organizer/:organizerId/events?/:eventsState?',
          lazy: () =>
            import('../features/organizers/OrganizerEventsPage').then((m) => ({
              Component: m.OrganizerEventsPage,
            })),
        },
        { path: 'account', loader: () => redirect('/account/settings') },
        {
          path: 'profile',
          lazy: () => import('../features/profile/ProfilePage').then((m) => ({ Component: m.ProfilePage })),
        },
        {
          path: 'profile/confirm-email-change/:token',
          lazy: () =>
            import('../features/profile/ConfirmEmailPage').then((m) => ({
              Component: m.ConfirmEmailChangePage,
            })),
        },
        {
          path: 'profile/confirm-email-address/:token',
          lazy: () =>
            import('../features/profile/ConfirmEmailPage').then((m) => ({
              Component: m.ConfirmEmailAddressPage,
            })),
        },
        {
          path: 'outbox',
          lazy: () =>
            import('../features/account/AccountLayout').then((m) => ({ Component: m.AccountLayout })),
          children: [
            {
              index: true,
              lazy: () => import('../features/outbox/OutboxPage').then((m) => ({ Component: m.OutboxPage })),
            },
          ],
        },
        {
          path: 'event/:eventId',
          lazy: () =>
            import('../features/eventDashboard/EventLayout').then((m) => ({ Component: m.EventLayout })),
          children: [
            ...EVENT_SECTIONS.map((section) =>
              section.path === ''
                ? {
                    index: true,
                    lazy: () =>
                      import('../features/eventDashboard/EventOverviewPage').then((m) => ({
                        Component: m.EventOverviewPage,
                      })),
                  }
                : eventSectionPages[section.path]
                  ? { path: section.path, lazy: eventSectionPages[section.path] }
                  : { path: section.path, ...notAvailable(eventSectionLabel[section.path]) },
            ),
            {
              path: 'orders/:orderId/history',
              lazy: () =>
                import('../features/orders/OrderTrailPage').then((m) => ({ Component: m.OrderTrailPage })),
            },
          ],
        },
      ],
    },
    {
      path: 'welcome',
      lazy: () => import('../features/welcome/WelcomePage').then((m) => ({ Component: m.WelcomePage })),
    },
    {
      path: 'account',
      lazy: () => import('../features/account/AccountLayout').then((m) => ({ Component: m.AccountLayout })),
      children: [
        { index: true, loader: () => redirect('/account/settings') },
        {
          path: 'settings',
          lazy: () =>
            import('../features/account/AccountSettingsPage').then((m) => ({
              Component: m.AccountSettingsPage,
            })),
        },
        {
          path: 'taxes-and-fees',
          lazy: () =>
            import('../features/taxesAndFees/TaxesAndFeesPage').then((m) => ({
              Component: m.TaxesAndFeesPage,
            })),
        },
        {
          path: 'event-defaults',
          lazy: () =>
            import('../features/eventDefaults/EventDefaultsPage').then((m) => ({
              Component: m.EventDefaultsPage,
            })),
        },
        {
          path: 'users',
          lazy: () => import('../features/users/UsersPage').then((m) => ({ Component: m.UsersPage })),
        },
        {
          path: 'payment',
          lazy: () => import('../features/payment/PaymentPage').then((m) => ({ Component: m.PaymentPage })),
        },
        {
          path: 'billing',
          lazy: () => import('../features/payment/BillingPage').then((m) => ({ Component: m.BillingPage })),
        },
        {
          path: 'audit',
          lazy: () => import('../features/audit/AuditLogPage').then((m) => ({ Component: m.AuditLogPage })),
        },
      ],
    },
  ],
};

/** `/widget/{eventId}`: framed on organizers' sites, so without the public shell's bar (web/public/widget.js). */
const widgetRoute: RouteObject = {
  path: 'widget/:eventId',
  loader: publicEventLoader,
  lazy: () => import('../features/widget/WidgetPage').then((m) => ({ Component: m.WidgetPage })),
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
        {
          path: 'register',
          lazy: () => import('../features/auth/RegisterPage').then((m) => ({ Component: m.RegisterPage })),
        },
        {
          path: 'forgot-password',
          lazy: () =>
            import('../features/auth/ForgotPasswordPage').then((m) => ({ Component: m.ForgotPasswordPage })),
        },
        {
          path: 'reset-password/:token',
          lazy: () =>
            import('../features/auth/ResetPasswordPage').then((m) => ({ Component: m.ResetPasswordPage })),
        },
        {
          path: 'accept-invitation/:token',
          lazy: () =>
            import('../features/auth/AcceptInvitationPage').then((m) => ({
              Component: m.AcceptInvitationPage,
            })),
        },
      ],
    },
    {
      path: 'check-in/:checkInListShortId',
      lazy: () =>
        import('../features/checkIn/scanner/ScannerPage').then((m) => ({ Component: m.ScannerPage })),
    },
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
    children: [publicRoutes, widgetRoute, adminRoutes, { path: '*', Component: NotFoundPage }],
  },
]);
