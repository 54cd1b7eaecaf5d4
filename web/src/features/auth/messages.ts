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
  tooManyAttempts: {
    id: 'auth.login.tooManyAttempts',
    defaultMessage: 'Too many login attempts. Please wait a moment and try again.',
  },
  emailRequired: { id: 'auth.login.emailRequired', defaultMessage: 'Enter your email address.' },
  emailInvalid: { id: 'auth.login.emailInvalid', defaultMessage: 'Enter a valid email address.' },
  passwordRequired: { id: 'auth.login.passwordRequired', defaultMessage: 'Enter your password.' },
  formErrorTitle: { id: 'auth.login.formErrorTitle', defaultMessage: 'Could not log in' },
});
