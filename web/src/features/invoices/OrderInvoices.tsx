import { Button } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { useToaster } from '../../shared/ui/toaster';
import { downloadDocument, invoiceList } from './InvoicesPage';
import { invoiceListMessages as m } from './messages';

/** In the organizer's order drawer: the order's invoice and credit note PDFs, once issued. */
export function OrderInvoices({ eventId, orderId }: { eventId: string; orderId: string }) {
  const intl = useIntl();
  const toaster = useToaster();
  const list = useQuery(invoiceList(eventId, { filter_fields: { order_id: { eq: orderId } } }));
  const documents = list.data?.data ?? [];
  if (documents.length === 0) return null;
  return (
    <>
      <h3>{intl.formatMessage(m.heading)}</h3>
      <div className="order-drawer__actions">
        {documents.map((document) => (
          <Button
            key={document.id}
            icon="download"
            text={intl.formatMessage(m.download, { number: document.number })}
            onClick={() =>
              void downloadDocument(eventId, orderId, document.kind, document.number).catch(() =>
                toaster.danger(m.downloadFailed),
              )
            }
          />
        ))}
      </div>
    </>
  );
}
