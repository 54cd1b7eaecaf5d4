/** English mail texts: the reference catalogue every other locale translates (ICU message syntax). */
export const en = {
  product: 'Ticket Shop',
  greeting: 'Hello,',
  greetingNamed: 'Hello {name},',
  linkFallback: 'If the button does not work, copy this address into your browser:',
  expiresHours: 'The link works for {count, plural, one {# hour} other {# hours}} and only once.',
  expiresDays: 'The link works for {count, plural, one {# day} other {# days}} and only once.',
  footer: 'This message was sent by {product}. If you did not expect it, you can ignore it.',
  confirmEmailSubject: 'Confirm your email address',
  confirmEmailIntro: 'Please confirm that {email} is your email address.',
  confirmEmailButton: 'Confirm email address',
  emailChangeSubject: 'Confirm your new email address',
  emailChangeIntro:
    'You asked to change the email address of your account to {email}. Confirm the change to start using it.',
  emailChangeButton: 'Confirm new address',
  emailChangeIgnore: 'If you did not ask for this, ignore this email: your address stays as it is.',
  resetPasswordSubject: 'Reset your password',
  resetPasswordIntro:
    'Someone asked to reset the password for {email}. Choose a new password with the button below.',
  resetPasswordButton: 'Choose a new password',
  resetPasswordIgnore: 'If you did not ask for this, ignore this email: your password stays as it is.',
  invitationSubject: '{inviter} invited you to join {account}',
  invitationIntro:
    '{inviter} invited you to join {account} as {role, select, ADMIN {an admin} other {an organizer}}.',
  invitationButton: 'Accept invitation',
  passwordChangedSubject: 'Your password was changed',
  passwordChangedIntro: 'The password for {email} was just changed.',
  passwordChangedWarning:
    'If you did not do this, choose a new password at once and tell your administrator.',
  passwordChangedButton: 'Choose a new password',
  signUpAttemptSubject: 'Someone tried to sign up with your email address',
  signUpAttemptIntro:
    'Someone just tried to create a new {product} account with {email}. This address already has an account, so nothing was created, and nothing about your account was shown to them.',
  signUpAttemptYou:
    'If it was you, log in with your password. If you have forgotten it, choose a new one: {resetLink}',
  signUpAttemptButton: 'Log in',
  signUpAttemptIgnore:
    'If it was not you, you can ignore this email: nobody can use your account without your password.',
  orderConfirmationSubject: 'Your order {reference} for {event}',
  orderConfirmationIntro: 'Thank you for your order {reference} for {event}. Total: {total}.',
  orderAwaitingPaymentIntro:
    'Your order {reference} for {event} is reserved and awaits your payment of {total}.',
  orderPaymentInstructions: 'How to pay: {instructions}',
  orderTicketsFollow: 'Each attendee receives their own ticket by email.',
  orderConfirmationButton: 'View your order',
  orderEventWhen: '{event} starts on {when}.',
  eventTime: '{dateTime} ({timeZone})',
  summaryTitle: 'Your order',
  summaryLine: '{quantity} × {title}',
  summaryDiscount: 'Discount ({code})',
  summaryDiscountWithoutCode: 'Discount',
  summarySubtotal: 'Subtotal',
  summaryAddedTaxes: 'Additional taxes',
  summaryRounding: 'Rounding',
  summaryTotal: 'Total',
  summaryIncludedTax: 'Includes {name}',
  orderCancelledSubject: 'Your order {reference} for {event} was cancelled',
  orderCancelledIntro:
    'The organizer cancelled your order {reference} for {event}. Its tickets are no longer valid. If money is refunded to you, you will receive a separate email.',
  orderCancelledButton: 'View your order',
  ticketSubject: 'Your ticket for {event}',
  ticketIntro: 'Here is your ticket "{ticket}" for {event} on {when}. Show the QR code at the entrance.',
  ticketCalendar: 'The attached calendar file adds the event to your calendar.',
  ticketButton: 'Open your ticket',
  ticketQrAlt: 'QR code of your ticket',
  orderNotificationSubject: 'New order {reference} for {event}',
  orderNotificationIntro: '{buyer} placed order {reference} for {event}: {total}.',
  orderNotificationButton: 'View the order',
  orderRefundSubject: 'Your refund for order {reference}',
  orderRefundIntro:
    'We refunded {amount} of your order {reference} for {event}. It can take a few days to appear on your statement.',
  orderLatePaymentRefundIntro:
    'Your payment for order {reference} for {event} arrived after your reservation had expired, and the tickets were no longer available. We are refunding the full amount of {amount}; no tickets were issued.',
  orderRefundButton: 'View your order',
  eventMessageFooter:
    'You receive this message about {event} because you have a ticket or an order for it. It was sent by the organizer through {product}.',
  eventMessageCopyNote: 'A copy of the message you sent about {event}.',
  eventMessageTestNote: 'A test of your message about {event}: only you received it.',
  pdfTicketTitle: 'Ticket',
  pdfOrderTitle: 'Tickets of order {reference}',
  pdfAttendee: 'Attendee',
  pdfTicketType: 'Ticket',
  pdfWhen: 'When',
  pdfWhere: 'Where',
  pdfOnline: 'Online',
  pdfOrder: 'Order',
  pdfTicketNumber: 'Ticket number',
  pdfShowCode: 'Show this QR code at the entrance. Each ticket admits one person once.',
};

export type MailMessageKey = keyof typeof en;
export type MailCatalog = Record<MailMessageKey, string>;
