import { defineMessage, defineMessages, type MessageTag } from 'react-intl';

export const authMessages = defineMessages({
  pageTitle: { id: 'auth.login.pageTitle', defaultMessage: 'Log in' },
  heading: { id: 'auth.login.heading', defaultMessage: 'Log in to your account' },
  subheading: { id: 'auth.login.subheading', defaultMessage: 'Manage your events, tickets and attendees.' },
  email: { id: 'auth.login.email', defaultMessage: 'Email' },
  emailPlaceholder: { id: 'auth.login.emailPlaceholder', defaultMessage: 'you@example.com' },
  password: { id: 'auth.login.password', defaultMessage: 'Password' },
  showPassword: { id: 'auth.login.showPassword', defaultMessage: 'Show password' },
  hidePassword: { id: 'auth.login.hidePassword', defaultMessage: 'Hide password' },
  submit: { id: 'auth.login.submit', defaultMessage: 'Log in' },
  forgotPassword: { id: 'auth.login.forgotPassword', defaultMessage: 'Forgot your password?' },
  noAccount: defineMessage<{ link: MessageTag }>({
    id: 'auth.login.noAccount',
    defaultMessage: "Don't have an account? <link>Sign up</link>",
  }),
  invalidCredentials: {
    id: 'auth.login.invalidCredentials',
    defaultMessage: 'Please check your email and password and try again.',
  },
  inactive: {
    id: 'auth.login.inactive',
    defaultMessage:
      'Your user is not active in this account. Ask an administrator of the account to activate it.',
  },
  tooManyAttempts: {
    id: 'auth.login.tooManyAttempts',
    defaultMessage: 'Too many login attempts. Please wait a moment and try again.',
  },
  emailRequired: { id: 'auth.login.emailRequired', defaultMessage: 'Enter your email address.' },
  emailInvalid: { id: 'auth.login.emailInvalid', defaultMessage: 'Enter a valid email address.' },
  passwordRequired: { id: 'auth.login.passwordRequired', defaultMessage: 'Enter your password.' },
  formErrorTitle: { id: 'auth.login.formErrorTitle', defaultMessage: 'Could not log in' },
  chooseHeading: { id: 'auth.login.choose.heading', defaultMessage: 'Choose an account' },
  chooseIntro: {
    id: 'auth.login.choose.intro',
    defaultMessage: 'You belong to several accounts. Which one do you want to work in?',
  },
  chooseLabel: { id: 'auth.login.choose.label', defaultMessage: 'Your accounts' },
  chooseBack: { id: 'auth.login.choose.back', defaultMessage: 'Use another email' },
  roleAdmin: { id: 'auth.role.admin', defaultMessage: 'Admin' },
  roleOrganizer: { id: 'auth.role.organizer', defaultMessage: 'Organizer' },
});

/** Shared by every form that sets a password (spec section 5). */
export const passwordMessages = defineMessages({
  newPassword: { id: 'auth.password.new', defaultMessage: 'Password' },
  confirmPassword: { id: 'auth.password.confirm', defaultMessage: 'Confirm password' },
  tooShort: { id: 'auth.password.tooShort', defaultMessage: 'The password must have at least 8 characters.' },
  notSame: { id: 'auth.password.notSame', defaultMessage: 'The passwords are not the same.' },
  hint: { id: 'auth.password.hint', defaultMessage: 'At least 8 characters.' },
});

export const registerMessages = defineMessages({
  pageTitle: { id: 'auth.register.pageTitle', defaultMessage: 'Create an account' },
  heading: { id: 'auth.register.heading', defaultMessage: 'Create your account' },
  subheading: {
    id: 'auth.register.subheading',
    defaultMessage: 'Sell tickets for your events in minutes. You can invite your team later.',
  },
  firstName: { id: 'auth.register.firstName', defaultMessage: 'First name' },
  lastName: { id: 'auth.register.lastName', defaultMessage: 'Last name' },
  firstNameRequired: { id: 'auth.register.firstNameRequired', defaultMessage: 'Enter your first name.' },
  lastNameRequired: { id: 'auth.register.lastNameRequired', defaultMessage: 'Enter your last name.' },
  nameTooLong: { id: 'auth.register.nameTooLong', defaultMessage: 'At most 50 characters.' },
  timezone: { id: 'auth.register.timezone', defaultMessage: 'Time zone' },
  language: { id: 'auth.register.language', defaultMessage: 'Language' },
  submit: { id: 'auth.register.submit', defaultMessage: 'Create account' },
  failed: { id: 'auth.register.failed', defaultMessage: 'Your account could not be created.' },
  sentTitle: { id: 'auth.register.sentTitle', defaultMessage: 'Check your email' },
  sent: defineMessage<{ email: string }>({
    id: 'auth.register.sent',
    defaultMessage:
      'We sent a message to {email}. Follow the link in it to confirm your address, then log in. If you already have an account with this address, the message tells you how to log in to it.',
  }),
  toLogin: { id: 'auth.register.toLogin', defaultMessage: 'Go to log in' },
  haveAccount: defineMessage<{ link: MessageTag }>({
    id: 'auth.register.haveAccount',
    defaultMessage: 'Already have an account? <link>Log in</link>',
  }),
});

export const forgotMessages = defineMessages({
  pageTitle: { id: 'auth.forgot.pageTitle', defaultMessage: 'Forgot password' },
  heading: { id: 'auth.forgot.heading', defaultMessage: 'Reset your password' },
  subheading: {
    id: 'auth.forgot.subheading',
    defaultMessage:
      'Enter the email address of your account and we will send you a link to choose a new password.',
  },
  submit: { id: 'auth.forgot.submit', defaultMessage: 'Send reset link' },
  sentTitle: { id: 'auth.forgot.sentTitle', defaultMessage: 'Check your email' },
  sent: defineMessage<{ email: string }>({
    id: 'auth.forgot.sent',
    defaultMessage:
      'If an account uses {email}, we sent it a link to reset the password. The link works for an hour.',
  }),
  backToLogin: { id: 'auth.forgot.backToLogin', defaultMessage: 'Back to log in' },
  tooMany: {
    id: 'auth.forgot.tooMany',
    defaultMessage: 'Too many reset requests. Please wait a while before asking again.',
  },
});

export const resetMessages = defineMessages({
  pageTitle: { id: 'auth.reset.pageTitle', defaultMessage: 'Choose a new password' },
  heading: { id: 'auth.reset.heading', defaultMessage: 'Choose a new password' },
  submit: { id: 'auth.reset.submit', defaultMessage: 'Save new password' },
  invalidTitle: { id: 'auth.reset.invalidTitle', defaultMessage: 'The link you clicked is invalid' },
  invalid: { id: 'auth.reset.invalid', defaultMessage: 'This reset password link is invalid or expired.' },
  requestNew: { id: 'auth.reset.requestNew', defaultMessage: 'Request a new link' },
  done: {
    id: 'auth.reset.done',
    defaultMessage: 'Your password was changed. Log in with your new password.',
  },
  checking: { id: 'auth.reset.checking', defaultMessage: 'Checking the link…' },
});

export const invitationMessages = defineMessages({
  pageTitle: { id: 'auth.invitation.pageTitle', defaultMessage: 'Accept invitation' },
  heading: defineMessage<{ account: string }>({
    id: 'auth.invitation.heading',
    defaultMessage: 'Join {account}',
  }),
  intro: defineMessage<{ email: string; role: string }>({
    id: 'auth.invitation.intro',
    defaultMessage: 'You were invited as {role} with {email}. Set your name and a password to accept.',
  }),
  introExisting: defineMessage<{ email: string; role: string }>({
    id: 'auth.invitation.introExisting',
    defaultMessage:
      'You were invited as {role} with {email}, which already has a login. Enter its password to accept.',
  }),
  submit: { id: 'auth.invitation.submit', defaultMessage: 'Accept invitation' },
  accepted: defineMessage<{ account: string }>({
    id: 'auth.invitation.accepted',
    defaultMessage: 'You joined {account}. Log in to start.',
  }),
  invalidTitle: { id: 'auth.invitation.invalidTitle', defaultMessage: 'The link you clicked is invalid' },
  invalid: {
    id: 'auth.invitation.invalid',
    defaultMessage:
      'This invitation link is invalid, was replaced by a newer one, or has expired. Ask for a new invitation.',
  },
  wrongPassword: {
    id: 'auth.invitation.wrongPassword',
    defaultMessage: 'This is not the password of this login.',
  },
  loading: { id: 'auth.invitation.loading', defaultMessage: 'Opening the invitation…' },
});
