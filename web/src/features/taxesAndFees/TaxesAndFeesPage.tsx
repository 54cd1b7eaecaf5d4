import { Spinner, Tag } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { isApiError } from '../../shared/api/ApiError';
import { ErrorPage } from '../../shared/errors/ErrorPage';
import { formatMoney } from '../../shared/intl/eventFormat';
import { ConfirmDelete, CrudListPage, CrudTable, RowAction, useEditor } from '../../shared/ui/crud';
import { eventDefaultsQueries } from '../eventDefaults/api';
import { hasPermission, userQueries } from '../users/queries';
import { deleteTaxOrFee, type TaxOrFee } from './api';
import { taxesMessages as m } from './messages';
import { taxQueries } from './queries';
import { TaxDialog } from './TaxDialog';
import '../../shared/ui/account.css';

/** `/account/taxes-and-fees`: account settings, so admins only (organizers see the no-permission page). */
export function TaxesAndFeesPage() {
  const me = useQuery(userQueries.me());
  if (me.isPending) return <Spinner size={24} />;
  if (me.isError) return <ErrorPage status={isApiError(me.error) ? me.error.status : 500} />;
  if (!hasPermission(me.data, 'account.manage')) return <ErrorPage status={403} />;
  return <TaxesAndFees />;
}

/** The currency fixed amounts are typed in: the event defaults' currency, else the account's. */
function useAccountCurrency(): string {
  const defaults = useQuery(eventDefaultsQueries.get());
  return defaults.data?.currency ?? defaults.data?.account?.currency ?? 'EUR';
}

function TaxesAndFees() {
  const intl = useIntl();
  const list = useQuery(taxQueries.list());
  const currency = useAccountCurrency();
  const editor = useEditor<TaxOrFee>();
  const [deleting, setDeleting] = useState<TaxOrFee | null>(null);
  const taxes = list.data ?? [];
  // The dialogs live beside the list: ListPage shows `empty` instead of its children when there are none.
  return (
    <>
      <CrudListPage
        className="taxes-page"
        title={[m.pageTitle]}
        headingLevel={1}
        texts={m}
        emptyIcon="percentage"
        onCreate={() => editor.open('new')}
        query={list}
        isEmpty={taxes.length === 0}
      >
        <CrudTable
          className="taxes-table"
          label={intl.formatMessage(m.tableLabel)}
          columns={[m.columnName, m.columnType, m.columnCharge, m.columnDefault].map((column) =>
            intl.formatMessage(column),
          )}
          actionsLabel={intl.formatMessage(m.columnActions)}
        >
          {taxes.map((tax) => (
            <tr key={tax.id}>
              <td>
                <strong>{tax.name}</strong>
              </td>
              <td>{intl.formatMessage(tax.type === 'TAX' ? m.typeTax : m.typeFee)}</td>
              <td>
                {tax.calculation_type === 'PERCENTAGE'
                  ? intl.formatNumber((tax.rate ?? 0) / 100, {
                      style: 'percent',
                      maximumFractionDigits: 4,
                    })
                  : formatMoney(intl, tax.amount ?? 0, currency)}
              </td>
              <td>
                {tax.is_default ? (
                  <Tag minimal round intent="success">
                    {intl.formatMessage(m.isDefault)}
                  </Tag>
                ) : (
                  <span className="text-muted">{intl.formatMessage(m.notDefault)}</span>
                )}
              </td>
              <td className="taxes-table__actions">
                <RowAction
                  icon="edit"
                  label={intl.formatMessage(m.edit, { name: tax.name })}
                  onClick={() => editor.open(tax)}
                />
                <RowAction
                  icon="trash"
                  intent="danger"
                  label={intl.formatMessage(m.remove, { name: tax.name })}
                  onClick={() => setDeleting(tax)}
                />
              </td>
            </tr>
          ))}
        </CrudTable>
      </CrudListPage>
      <TaxDialog
        key={editor.formKey}
        isOpen={editor.isOpen}
        onClose={editor.close}
        tax={editor.item}
        currency={currency}
      />
      <ConfirmDelete
        item={deleting}
        onClose={() => setDeleting(null)}
        question={(tax) => intl.formatMessage(m.deleteConfirm, { name: tax.name })}
        remove={(tax) => deleteTaxOrFee(tax.id)}
        invalidate={taxQueries.all}
        deleted={(tax) => intl.formatMessage(m.deleted, { name: tax.name })}
        failed={() => m.deleteFailed}
        deleteText={m.deleteButton}
        cancelText={m.cancel}
      />
    </>
  );
}

export default TaxesAndFeesPage;
