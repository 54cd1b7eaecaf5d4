import { useMutation, useQuery } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { publicApi } from '../../shared/api/clients';
import { checkoutMessages as m } from './messages';

const base = (eventId: string) => `/api/public/events/${encodeURIComponent(eventId)}`;

/** Which wallets the platform offers: their buttons show only then (docs/tickets.md). */
function useWallets() {
  return useQuery({
    queryKey: ['checkout', 'wallets'],
    queryFn: async ({ signal }) => (await publicApi.call('GET /public/wallets', { signal })).data,
    staleTime: 5 * 60_000,
  }).data;
}

/** A valid ticket's downloads: its PDF, and the Apple and Google Wallet passes the platform offers. */
export function TicketDownloads({ eventId, attendeeShortId }: { eventId: string; attendeeShortId: string }) {
  const intl = useIntl();
  const wallets = useWallets();
  const ticket = `${base(eventId)}/attendees/${encodeURIComponent(attendeeShortId)}`;
  const google = useMutation({
    mutationFn: async () =>
      (
        await publicApi.call('GET /public/events/{eventId}/attendees/{attendeeShortId}/google-wallet', {
          params: { eventId, attendeeShortId },
        })
      ).data.url,
    onSuccess: (url) => window.location.assign(url),
  });
  return (
    <>
      <a className="checkout-button-secondary" href={`${ticket}/ticket.pdf`} download>
        {intl.formatMessage(m.downloadTicketPdf)}
      </a>
      {wallets?.apple && (
        <a className="checkout-button-secondary" href={`${ticket}/wallet.pkpass`}>
          {intl.formatMessage(m.addToAppleWallet)}
        </a>
      )}
      {wallets?.google && (
        <button
          type="button"
          className="checkout-button-secondary"
          disabled={google.isPending}
          onClick={() => google.mutate()}
        >
          {intl.formatMessage(m.addToGoogleWallet)}
        </button>
      )}
      {google.isError && (
        <p className="checkout-error" role="alert">
          {intl.formatMessage(m.walletFailed)}
        </p>
      )}
    </>
  );
}

/** The order's PDF with a page per valid ticket. */
export function OrderPdfLink({ eventId, orderShortId }: { eventId: string; orderShortId: string }) {
  const intl = useIntl();
  return (
    <a
      className="checkout-button-secondary"
      href={`${base(eventId)}/orders/${encodeURIComponent(orderShortId)}/tickets.pdf`}
      download
    >
      {intl.formatMessage(m.downloadOrderPdf)}
    </a>
  );
}

/** The buyer's copies of the order's invoice and credit note, once issued (docs/invoices.md). */
export function InvoiceLinks({
  eventId,
  orderShortId,
  invoiceNumber,
  creditNoteNumber,
}: {
  eventId: string;
  orderShortId: string;
  invoiceNumber: string | null;
  creditNoteNumber: string | null;
}) {
  const intl = useIntl();
  if (!invoiceNumber) return null;
  const order = `${base(eventId)}/orders/${encodeURIComponent(orderShortId)}`;
  return (
    <>
      <a
        className="checkout-button-secondary"
        href={`${order}/invoice.pdf`}
        download
        aria-label={`${intl.formatMessage(m.downloadInvoice)}: ${invoiceNumber}`}
      >
        {intl.formatMessage(m.downloadInvoice)}
      </a>
      <a className="checkout-button-secondary" href={`${order}/invoice.html`} target="_blank" rel="noopener">
        {intl.formatMessage(m.printInvoice)}
      </a>
      {creditNoteNumber ? (
        <a className="checkout-button-secondary" href={`${order}/credit-note.pdf`} download>
          {intl.formatMessage(m.downloadCreditNote)}
        </a>
      ) : null}
    </>
  );
}
