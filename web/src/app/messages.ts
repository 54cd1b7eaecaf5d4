import { defineMessage, defineMessages } from 'react-intl';

export const appMessages = defineMessages({
  skipToContent: { id: 'app.skipToContent', defaultMessage: 'Skip to main content' },
  navigating: { id: 'app.navigating', defaultMessage: 'Loading page…' },
  navEvents: { id: 'app.nav.events', defaultMessage: 'Events' },
  navDashboard: { id: 'app.nav.dashboard', defaultMessage: 'Dashboard' },
  navAccount: { id: 'app.nav.account', defaultMessage: 'Account' },
  navProfile: { id: 'app.nav.profile', defaultMessage: 'Profile' },
  mainNavLabel: { id: 'app.nav.label', defaultMessage: 'Main' },
  logout: { id: 'app.logout', defaultMessage: 'Log out' },
  loggedOut: { id: 'app.loggedOut', defaultMessage: 'You have been logged out.' },
  signedInAs: defineMessage<{ name: string }>({
    id: 'app.signedInAs',
    defaultMessage: 'Signed in as {name}',
  }),
});

/** Names of screens that are routed but not built yet, shown in their "not available yet" state. */
export const featureNames = defineMessages({
  register: { id: 'feature.register', defaultMessage: 'Create account' },
  forgotPassword: { id: 'feature.forgotPassword', defaultMessage: 'Forgot password' },
  resetPassword: { id: 'feature.resetPassword', defaultMessage: 'Reset password' },
  acceptInvitation: { id: 'feature.acceptInvitation', defaultMessage: 'Accept invitation' },
  organizerEvents: { id: 'feature.organizerEvents', defaultMessage: 'Organizer events' },
  profile: { id: 'feature.profile', defaultMessage: 'Profile settings' },
  confirmEmailChange: { id: 'feature.confirmEmailChange', defaultMessage: 'Confirm email change' },
  confirmEmailAddress: { id: 'feature.confirmEmailAddress', defaultMessage: 'Confirm email address' },
  welcome: { id: 'feature.welcome', defaultMessage: 'Welcome' },
  accountSettings: { id: 'feature.account.settings', defaultMessage: 'Account settings' },
  taxesAndFees: { id: 'feature.account.taxesAndFees', defaultMessage: 'Taxes and fees' },
  eventDefaults: { id: 'feature.account.eventDefaults', defaultMessage: 'Event defaults' },
  users: { id: 'feature.account.users', defaultMessage: 'Users' },
  payment: { id: 'feature.account.payment', defaultMessage: 'Payment' },
  widget: { id: 'feature.widget', defaultMessage: 'Ticket widget' },
  checkout: { id: 'feature.checkout', defaultMessage: 'Checkout' },
  checkoutDetails: { id: 'feature.checkout.details', defaultMessage: 'Checkout details' },
  checkoutPayment: { id: 'feature.checkout.payment', defaultMessage: 'Payment' },
  checkoutSummary: { id: 'feature.checkout.summary', defaultMessage: 'Order summary' },
  checkoutPaymentReturn: { id: 'feature.checkout.paymentReturn', defaultMessage: 'Payment result' },
  orderPrint: { id: 'feature.order.print', defaultMessage: 'Printable order' },
  ticket: { id: 'feature.ticket', defaultMessage: 'Ticket' },
  ticketPrint: { id: 'feature.ticket.print', defaultMessage: 'Printable ticket' },
  checkIn: { id: 'feature.checkIn', defaultMessage: 'Check-in' },
});
