import { Tag } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useOutletContext } from 'react-router';
import { formatMoney } from '../../shared/intl/eventFormat';
import { ConfirmDelete, CrudListPage, CrudTable, RowAction, useEditor } from '../../shared/ui/crud';
import { useToaster } from '../../shared/ui/toaster';
import { publicEventPath } from '../events/EventCard';
import type { EventDetail } from '../events/types';
import { deleteAffiliate, type Affiliate } from './api';
import { AffiliateDialog } from './AffiliateDialog';
import { affiliateLink } from './affiliateForm';
import { affiliatesMessages as m } from './messages';
import { affiliateQueries } from './queries';
import '../../shared/ui/account.css';

/** `/manage/event/{eventId}/affiliates`: partners' codes with the orders and revenue each brought in. */
export function AffiliatesPage() {
  const intl = useIntl();
  const toaster = useToaster();
  const event = useOutletContext<EventDetail>();
  const list = useQuery(affiliateQueries.list(event.id));
  const editor = useEditor<Affiliate>();
  const [deleting, setDeleting] = useState<Affiliate | null>(null);
  const affiliates = list.data ?? [];
  const copyLink = (affiliate: Affiliate) => {
    const link = affiliateLink(window.location.origin, publicEventPath(event), affiliate.code);
    navigator.clipboard.writeText(link).then(
      () => toaster.success(m.linkCopied, { link }),
      () => toaster.show(m.copyFailed, { values: { link } }),
    );
  };
  return (
    <>
      <CrudListPage
        className="affiliates-page"
        title={[m.pageTitle, event.title]}
        texts={m}
        emptyIcon="link"
        onCreate={() => editor.open('new')}
        query={list}
        isEmpty={affiliates.length === 0}
      >
        <CrudTable
          className="crud-table"
          label={intl.formatMessage(m.tableLabel)}
          columns={[m.columnCode, m.columnName, m.columnStatus, m.columnOrders, m.columnRevenue].map(
            (column) => intl.formatMessage(column),
          )}
          actionsLabel={intl.formatMessage(m.columnActions)}
        >
          {affiliates.map((affiliate) => (
            <tr key={affiliate.id}>
              <td>
                <strong>{affiliate.code}</strong>
              </td>
              <td>
                {affiliate.name}
                {affiliate.email ? <div className="crud-table__secondary">{affiliate.email}</div> : null}
              </td>
              <td>
                <Tag minimal intent={affiliate.status === 'ACTIVE' ? 'success' : 'none'}>
                  {intl.formatMessage(affiliate.status === 'ACTIVE' ? m.active : m.inactive)}
                </Tag>
              </td>
              <td>{intl.formatNumber(affiliate.orders_count)}</td>
              <td>{formatMoney(intl, affiliate.revenue, event.currency)}</td>
              <td className="crud-table__actions">
                <RowAction
                  icon="link"
                  label={intl.formatMessage(m.copyLink, { code: affiliate.code })}
                  onClick={() => copyLink(affiliate)}
                />
                <RowAction
                  icon="edit"
                  label={intl.formatMessage(m.edit, { code: affiliate.code })}
                  onClick={() => editor.open(affiliate)}
                />
                <RowAction
                  icon="trash"
                  intent="danger"
                  label={intl.formatMessage(m.remove, { code: affiliate.code })}
                  onClick={() => setDeleting(affiliate)}
                />
              </td>
            </tr>
          ))}
        </CrudTable>
      </CrudListPage>
      <AffiliateDialog
        key={editor.formKey}
        isOpen={editor.isOpen}
        onClose={editor.close}
        affiliate={editor.item}
        event={event}
      />
      <ConfirmDelete
        item={deleting}
        onClose={() => setDeleting(null)}
        question={(affiliate) => intl.formatMessage(m.deleteConfirm, { code: affiliate.code })}
        remove={(affiliate) => deleteAffiliate(event.id, affiliate.id)}
        invalidate={affiliateQueries.list(event.id).queryKey}
        deleted={(affiliate) => intl.formatMessage(m.deleted, { code: affiliate.code })}
        failed={() => m.deleteFailed}
        deleteText={m.deleteButton}
        cancelText={m.cancel}
      />
    </>
  );
}

export default AffiliatesPage;
