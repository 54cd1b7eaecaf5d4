import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import { useOutletContext } from 'react-router';
import { formatMoney } from '../../shared/intl/eventFormat';
import { ConfirmDelete, CrudListPage, CrudTable, RowAction, useEditor } from '../../shared/ui/crud';
import { useToaster } from '../../shared/ui/toaster';
import { publicEventPath } from '../events/EventCard';
import type { EventDetail } from '../events/types';
import { ticketQueries } from '../tickets/queries';
import { deletePromoCode, type PromoCode } from './api';
import { promoCodesMessages as m } from './messages';
import { PromoCodeDialog } from './PromoCodeDialog';
import { promoLink } from './promoCodeForm';
import { promoCodeQueries } from './queries';
import '../../shared/ui/account.css';

function discountText(intl: IntlShape, code: PromoCode, currency: string): string {
  switch (code.discount_type) {
    case 'PERCENT':
      return intl.formatMessage(m.percentOff, {
        percent: intl.formatNumber((code.discount ?? 0) / 100, {
          style: 'percent',
          maximumFractionDigits: 2,
        }),
      });
    case 'FIXED':
      return intl.formatMessage(m.amountOff, { amount: formatMoney(intl, code.discount ?? 0, currency) });
    case 'NONE':
      return intl.formatMessage(m.noDiscount);
  }
}

/** `/manage/event/{eventId}/promo-codes`: the event's promo codes, with a link that applies each. */
export function PromoCodesPage() {
  const intl = useIntl();
  const toaster = useToaster();
  const event = useOutletContext<EventDetail>();
  const list = useQuery(promoCodeQueries.list(event.id));
  const tickets = useQuery(ticketQueries.list(event.id));
  const editor = useEditor<PromoCode>();
  const [deleting, setDeleting] = useState<PromoCode | null>(null);
  const codes = list.data ?? [];
  const ticketTitle = new Map((tickets.data ?? []).map((ticket) => [ticket.id, ticket.title]));
  const copyLink = (code: PromoCode) => {
    const link = promoLink(window.location.origin, publicEventPath(event), code.code);
    navigator.clipboard.writeText(link).then(
      () => toaster.success(m.linkCopied, { link }),
      () => toaster.show(m.copyFailed, { values: { link } }),
    );
  };
  return (
    <>
      <CrudListPage
        className="promo-codes-page"
        title={[m.pageTitle, event.title]}
        texts={m}
        emptyIcon="tag"
        onCreate={() => editor.open('new')}
        query={list}
        isEmpty={codes.length === 0}
      >
        <CrudTable
          className="crud-table"
          label={intl.formatMessage(m.tableLabel)}
          columns={[m.columnCode, m.columnDiscount, m.columnExpiry, m.columnUses, m.columnTickets].map(
            (column) => intl.formatMessage(column),
          )}
          actionsLabel={intl.formatMessage(m.columnActions)}
        >
          {codes.map((code) => (
            <tr key={code.id}>
              <td>
                <strong>{code.code}</strong>
              </td>
              <td>{discountText(intl, code, event.currency)}</td>
              <td>
                {code.expiry_date
                  ? intl.formatDate(code.expiry_date, {
                      dateStyle: 'medium',
                      timeStyle: 'short',
                      timeZone: event.timezone,
                    })
                  : intl.formatMessage(m.never)}
              </td>
              <td>
                {code.max_allowed_usages === null
                  ? intl.formatMessage(m.usesUnlimited, { used: code.times_used })
                  : intl.formatMessage(m.usesOf, { used: code.times_used, max: code.max_allowed_usages })}
              </td>
              <td>
                {code.applicable_ticket_ids.length === 0
                  ? intl.formatMessage(m.allTickets)
                  : intl.formatList(code.applicable_ticket_ids.map((id) => ticketTitle.get(id) ?? id))}
              </td>
              <td className="crud-table__actions">
                <RowAction
                  icon="link"
                  label={intl.formatMessage(m.copyLink, { code: code.code })}
                  onClick={() => copyLink(code)}
                />
                <RowAction
                  icon="edit"
                  label={intl.formatMessage(m.edit, { code: code.code })}
                  onClick={() => editor.open(code)}
                />
                <RowAction
                  icon="trash"
                  intent="danger"
                  label={intl.formatMessage(m.remove, { code: code.code })}
                  onClick={() => setDeleting(code)}
                />
              </td>
            </tr>
          ))}
        </CrudTable>
      </CrudListPage>
      <PromoCodeDialog
        key={editor.formKey}
        isOpen={editor.isOpen}
        onClose={editor.close}
        promoCode={editor.item}
        event={event}
        tickets={tickets.data ?? []}
      />
      <ConfirmDelete
        item={deleting}
        onClose={() => setDeleting(null)}
        question={(code) => intl.formatMessage(m.deleteConfirm, { code: code.code })}
        remove={(code) => deletePromoCode(event.id, code.id)}
        invalidate={promoCodeQueries.list(event.id).queryKey}
        deleted={(code) => intl.formatMessage(m.deleted, { code: code.code })}
        failed={() => m.deleteFailed}
        deleteText={m.deleteButton}
        cancelText={m.cancel}
      />
    </>
  );
}

export default PromoCodesPage;
