import { defineMessage, defineMessages } from 'react-intl';

export const profileMessages = defineMessages({
  pageTitle: { id: 'profile.pageTitle', defaultMessage: 'Profile settings' },
  heading: { id: 'profile.heading', defaultMessage: 'Profile settings' },
  detailsTitle: { id: 'profile.details.title', defaultMessage: 'Your details' },
  firstName: { id: 'profile.firstName', defaultMessage: 'First name' },
  lastName: { id: 'profile.lastName', defaultMessage: 'Last name' },
  timezone: { id: 'profile.timezone', defaultMessage: 'Time zone' },
  language: { id: 'profile.language', defaultMessage: 'Language' },
  save: { id: 'profile.save', defaultMessage: 'Save details' },
  saved: { id: 'profile.saved', defaultMessage: 'Your details were saved.' },
  failed: { id: 'profile.failed', defaultMessage: 'The change could not be saved.' },
  emailTitle: { id: 'profile.email.title', defaultMessage: 'Email address' },
  currentEmail: { id: 'profile.email.current', defaultMessage: 'Current address' },
  verified: { id: 'profile.email.verified', defaultMessage: 'Confirmed' },
  unverified: { id: 'profile.email.unverified', defaultMessage: 'Not confirmed' },
  unverifiedHelp: {
    id: 'profile.email.unverifiedHelp',
    defaultMessage:
      'Confirm your address with the link we emailed you. Until then you cannot publish events or send messages.',
  },
  resend: { id: 'profile.email.resend', defaultMessage: 'Send the link again' },
  resent: { id: 'profile.email.resent', defaultMessage: 'A new confirmation link is on its way.' },
  newEmail: { id: 'profile.email.new', defaultMessage: 'New email address' },
  changeEmail: { id: 'profile.email.change', defaultMessage: 'Change email' },
  pending: defineMessage<{ email: string }>({
    id: 'profile.email.pending',
    defaultMessage: 'We sent a link to {email}. Your address changes once you follow it.',
  }),
  pendingTitle: { id: 'profile.email.pendingTitle', defaultMessage: 'Email change waiting for confirmation' },
  cancelChange: { id: 'profile.email.cancel', defaultMessage: 'Cancel the change' },
  changeRequested: defineMessage<{ email: string }>({
    id: 'profile.email.requested',
    defaultMessage: 'Check {email} for a link to confirm the change.',
  }),
  changeCancelled: { id: 'profile.email.cancelled', defaultMessage: 'The email change was cancelled.' },
  sameEmail: { id: 'profile.email.same', defaultMessage: 'This is already your email address.' },
  passwordTitle: { id: 'profile.password.title', defaultMessage: 'Password' },
  currentPassword: { id: 'profile.password.current', defaultMessage: 'Current password' },
  currentRequired: { id: 'profile.password.currentRequired', defaultMessage: 'Enter your current password.' },
  changePassword: { id: 'profile.password.change', defaultMessage: 'Change password' },
  passwordChanged: {
    id: 'profile.password.changed',
    defaultMessage: 'Your password was changed. Other devices were logged out.',
  },
  loading: { id: 'profile.loading', defaultMessage: 'Loading your profile…' },
});

export const confirmMessages = defineMessages({
  addressTitle: { id: 'profile.confirm.address.title', defaultMessage: 'Confirm email address' },
  changeTitle: { id: 'profile.confirm.change.title', defaultMessage: 'Confirm email change' },
  working: { id: 'profile.confirm.working', defaultMessage: 'Confirming…' },
  addressDone: { id: 'profile.confirm.address.done', defaultMessage: 'Your email address is confirmed' },
  addressDoneDetail: defineMessage<{ email: string }>({
    id: 'profile.confirm.address.doneDetail',
    defaultMessage: '{email} is confirmed. You can publish events now.',
  }),
  changeDone: { id: 'profile.confirm.change.done', defaultMessage: 'Your email address was changed' },
  changeDoneDetail: defineMessage<{ email: string }>({
    id: 'profile.confirm.change.doneDetail',
    defaultMessage: 'From now on you log in with {email}.',
  }),
  invalidTitle: { id: 'profile.confirm.invalidTitle', defaultMessage: 'The link you clicked is invalid' },
  addressInvalid: {
    id: 'profile.confirm.address.invalid',
    defaultMessage: 'This email confirmation link is invalid, was replaced by a newer one, or has expired.',
  },
  changeInvalid: {
    id: 'profile.confirm.change.invalid',
    defaultMessage:
      'This email change link is invalid, was cancelled, or has expired. Ask for the change again in your profile.',
  },
  emailTaken: {
    id: 'profile.confirm.change.taken',
    defaultMessage: 'Someone else started using this address meanwhile, so your address was not changed.',
  },
  toProfile: { id: 'profile.confirm.toProfile', defaultMessage: 'Go to your profile' },
  toEvents: { id: 'profile.confirm.toEvents', defaultMessage: 'Go to your events' },
});
