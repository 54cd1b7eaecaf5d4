import { Alert, Button, HTMLTable, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { isApiError } from '../../shared/api/ApiError';
import { ErrorPage } from '../../shared/errors/ErrorPage';
import { formatMoney } from '../../shared/intl/eventFormat';
import { ListPage } from '../../shared/ui/ListPage';
import { useToaster } from '../../shared/ui/toaster';
import { eventDefaultsQueries } from '../eventDefaults/api';
import { hasPermission, userQueries } from '../users/queries';
import { deleteTaxOrFee, type TaxOrFee } from './api';
import { taxesMessages as m } from './messages';
import { taxQueries } from './queries';
import { TaxDialog } from './TaxDialog';
import '../account/account.css';

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
  const [editing, setEditing] = useState<TaxOrFee | 'new' | null>(null);
  // Each opening gets a fresh form: reopened during the closing animation, the old one would keep its values.
  const [opened, setOpened] = useState(0);
  const edit = (target: TaxOrFee | 'new') => {
    setOpened((count) => count + 1);
    setEditing(target);
  };
  const [deleting, setDeleting] = useState<TaxOrFee | null>(null);
  const taxes = list.data ?? [];
  // The dialogs live beside the list: ListPage shows `empty` instead of its children when there are none.
  return (
    <>
      <ListPage
        className="taxes-page"
        title={[m.pageTitle]}
        heading={<h1 className="page-header__title">{intl.formatMessage(m.heading)}</h1>}
        actions={
          <Button
            intent="primary"
            icon="add"
            text={intl.formatMessage(m.create)}
            onClick={() => edit('new')}
          />
        }
        above={<p className="page-intro">{intl.formatMessage(m.intro)}</p>}
        query={list}
        isEmpty={list.isSuccess && taxes.length === 0}
        loading={m.loading}
        loadError={m.loadFailed}
        empty={<NonIdealState icon="percentage" title={intl.formatMessage(m.empty)} />}
      >
        <div className="table-scroll">
          <HTMLTable className="taxes-table" striped aria-label={intl.formatMessage(m.tableLabel)}>
            <thead>
              <tr>
                <th scope="col">{intl.formatMessage(m.columnName)}</th>
                <th scope="col">{intl.formatMessage(m.columnType)}</th>
                <th scope="col">{intl.formatMessage(m.columnCharge)}</th>
                <th scope="col">{intl.formatMessage(m.columnDefault)}</th>
                <th scope="col">
                  <span className="sr-only">{intl.formatMessage(m.columnActions)}</span>
                </th>
              </tr>
            </thead>
            <tbody>
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
                    <Button
                      variant="minimal"
                      icon="edit"
                      aria-label={intl.formatMessage(m.edit, { name: tax.name })}
                      title={intl.formatMessage(m.edit, { name: tax.name })}
                      onClick={() => edit(tax)}
                    />
                    <Button
                      variant="minimal"
                      icon="trash"
                      intent="danger"
                      aria-label={intl.formatMessage(m.remove, { name: tax.name })}
                      title={intl.formatMessage(m.remove, { name: tax.name })}
                      onClick={() => setDeleting(tax)}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </div>
      </ListPage>
      <TaxDialog
        key={opened}
        isOpen={editing !== null}
        onClose={() => setEditing(null)}
        tax={editing === 'new' ? null : editing}
        currency={currency}
      />
      <DeleteTax tax={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}

function DeleteTax({ tax, onClose }: { tax: TaxOrFee | null; onClose: () => void }) {
  const intl = useIntl();
  const toaster = useToaster();
  const queryClient = useQueryClient();
  const removal = useMutation({
    mutationFn: (target: TaxOrFee) => deleteTaxOrFee(target.id),
    onSuccess: async (_nothing, target) => {
      toaster.show(m.deleted, { values: { name: target.name } });
      await queryClient.invalidateQueries({ queryKey: taxQueries.all });
    },
    onError: () => toaster.danger(m.deleteFailed),
  });
  return (
    <Alert
      isOpen={tax !== null}
      intent="danger"
      icon="trash"
      confirmButtonText={intl.formatMessage(m.deleteButton)}
      cancelButtonText={intl.formatMessage(m.cancel)}
      onCancel={onClose}
      onConfirm={() => {
        if (tax) removal.mutate(tax);
        onClose();
      }}
    >
      {tax ? intl.formatMessage(m.deleteConfirm, { name: tax.name }) : null}
    </Alert>
  );
}

export default TaxesAndFeesPage;
