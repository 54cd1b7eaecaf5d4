import { defineMessage, defineMessages } from 'react-intl';

export const accountMessages = defineMessages({
  navLabel: { id: 'account.nav.label', defaultMessage: 'Account sections' },
  navSettings: { id: 'account.nav.settings', defaultMessage: 'Settings' },
  navEventDefaults: { id: 'account.nav.eventDefaults', defaultMessage: 'Event defaults' },
  navTaxes: { id: 'account.nav.taxes', defaultMessage: 'Taxes and fees' },
  navUsers: { id: 'account.nav.users', defaultMessage: 'Users' },
  navPayment: { id: 'account.nav.payment', defaultMessage: 'Payment' },
  navBilling: { id: 'account.nav.billing', defaultMessage: 'Billing' },
  navOutbox: { id: 'account.nav.outbox', defaultMessage: 'Outbox' },
  navAudit: { id: 'account.nav.audit', defaultMessage: 'Audit log' },
  title: { id: 'account.title', defaultMessage: 'Account' },
});

export const accountSettingsMessages = defineMessages({
  pageTitle: { id: 'account.settings.pageTitle', defaultMessage: 'Account settings' },
  heading: { id: 'account.settings.heading', defaultMessage: 'Account settings' },
  intro: {
    id: 'account.settings.intro',
    defaultMessage: 'The name of your organisation, and the currency and time zone new events start with.',
  },
  name: { id: 'account.settings.name', defaultMessage: 'Account name' },
  nameRequired: { id: 'account.settings.nameRequired', defaultMessage: 'Enter the account name.' },
  nameTooLong: { id: 'account.settings.nameTooLong', defaultMessage: 'At most 149 characters.' },
  currency: { id: 'account.settings.currency', defaultMessage: 'Default currency' },
  timezone: { id: 'account.settings.timezone', defaultMessage: 'Default time zone' },
  save: { id: 'account.settings.save', defaultMessage: 'Save settings' },
  saved: { id: 'account.settings.saved', defaultMessage: 'The account settings were saved.' },
  failed: { id: 'account.settings.failed', defaultMessage: 'The settings could not be saved.' },
  loading: { id: 'account.settings.loading', defaultMessage: 'Loading the account…' },
  currencyOption: defineMessage<{ code: string; name: string }>({
    id: 'account.settings.currencyOption',
    defaultMessage: '{code} – {name}',
  }),
});

/** The account's invoice settings (issue 31, docs/invoices.md). */
export const invoiceSettingsMessages = defineMessages({
  heading: { id: 'account.invoices.heading', defaultMessage: 'Invoices' },
  intro: {
    id: 'account.invoices.intro',
    defaultMessage:
      'Invoices and credit notes of all your events are numbered in one sequence without gaps. Changing the prefix does not restart the numbers. The seller details are printed on every invoice issued from now on; without a company name the event’s organizer is named.',
  },
  prefix: { id: 'account.invoices.prefix', defaultMessage: 'Number prefix' },
  prefixHelp: defineMessage<{ next: string }>({
    id: 'account.invoices.prefixHelp',
    defaultMessage: 'Up to 20 letters, digits, “-”, “_” or “/”. The next number: {next}',
  }),
  company: { id: 'account.invoices.company', defaultMessage: 'Seller company name' },
  address: { id: 'account.invoices.address', defaultMessage: 'Seller address' },
  country: { id: 'account.invoices.country', defaultMessage: 'Seller country (two-letter code)' },
  vatId: { id: 'account.invoices.vatId', defaultMessage: 'Seller VAT ID' },
  save: { id: 'account.invoices.save', defaultMessage: 'Save invoice settings' },
  saved: { id: 'account.invoices.saved', defaultMessage: 'The invoice settings were saved.' },
  failed: { id: 'account.invoices.failed', defaultMessage: 'The invoice settings could not be saved.' },
  prefixInvalid: {
    id: 'account.invoices.prefixInvalid',
    defaultMessage: 'Use up to 20 letters, digits, “-”, “_” or “/”.',
  },
  countryInvalid: {
    id: 'account.invoices.countryInvalid',
    defaultMessage: 'Use a two-letter country code, such as DE.',
  },
  vatIdInvalid: {
    id: 'account.invoices.vatIdInvalid',
    defaultMessage: 'This is not a VAT ID of the seller country. A VAT ID needs the country it belongs to.',
  },
  tooLong: { id: 'account.invoices.tooLong', defaultMessage: 'This is too long.' },
});
