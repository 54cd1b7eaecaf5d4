import { defineMessage, defineMessages } from 'react-intl';

/** The organizer's list of an event's invoices and credit notes (issue 31, docs/invoices.md). */
export const invoiceListMessages = defineMessages({
  pageTitle: { id: 'invoices.list.pageTitle', defaultMessage: 'Invoices' },
  heading: { id: 'invoices.list.heading', defaultMessage: 'Invoices' },
  intro: {
    id: 'invoices.list.intro',
    defaultMessage:
      'The invoices and credit notes issued for this event’s orders, newest number first. Export them for your books.',
  },
  search: { id: 'invoices.list.search', defaultMessage: 'Search by number, company, name or VAT ID' },
  kindFilter: { id: 'invoices.list.kindFilter', defaultMessage: 'Kind' },
  allKinds: { id: 'invoices.list.allKinds', defaultMessage: 'Invoices and credit notes' },
  kindInvoice: { id: 'invoices.list.kindInvoice', defaultMessage: 'Invoice' },
  kindCreditNote: { id: 'invoices.list.kindCreditNote', defaultMessage: 'Credit note' },
  loading: { id: 'invoices.list.loading', defaultMessage: 'Loading the invoices…' },
  loadFailed: { id: 'invoices.list.loadFailed', defaultMessage: 'The invoices could not be loaded.' },
  empty: {
    id: 'invoices.list.empty',
    defaultMessage: 'No invoices yet. Turn invoices on in the event’s payment settings.',
  },
  summary: defineMessage<{ total: number }>({
    id: 'invoices.list.summary',
    defaultMessage: '{total, plural, one {# document} other {# documents}}',
  }),
  paginationNav: { id: 'invoices.list.paginationNav', defaultMessage: 'Pages of invoices' },
  tableLabel: { id: 'invoices.list.tableLabel', defaultMessage: 'Invoices and credit notes' },
  columnNumber: { id: 'invoices.list.columnNumber', defaultMessage: 'Number' },
  columnKind: { id: 'invoices.list.columnKind', defaultMessage: 'Kind' },
  columnBuyer: { id: 'invoices.list.columnBuyer', defaultMessage: 'Billed to' },
  columnGross: { id: 'invoices.list.columnGross', defaultMessage: 'Gross' },
  columnIssued: { id: 'invoices.list.columnIssued', defaultMessage: 'Issued' },
  columnDownload: { id: 'invoices.list.columnDownload', defaultMessage: 'PDF' },
  download: defineMessage<{ number: string }>({
    id: 'invoices.list.download',
    defaultMessage: 'Download {number}',
  }),
  cancels: defineMessage<{ number: string }>({
    id: 'invoices.list.cancels',
    defaultMessage: 'cancels {number}',
  }),
  exportFailed: { id: 'invoices.list.exportFailed', defaultMessage: 'The export failed.' },
  downloadFailed: { id: 'invoices.list.downloadFailed', defaultMessage: 'The download failed.' },
});
