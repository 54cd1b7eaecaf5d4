import {
  Alert,
  Button,
  Callout,
  Checkbox,
  HTMLSelect,
  HTMLTable,
  InputGroup,
  NonIdealState,
} from '@blueprintjs/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useIntl, type MessageDescriptor } from 'react-intl';
import { useOutletContext } from 'react-router';
import { isApiError } from '../../shared/api/ApiError';
import { reasonMessage } from '../../shared/api/reasonMessages';
import type { RouteQuery } from '../../shared/api/routes';
import { DialogForm, FormDialog } from '../../shared/forms/FormDialog';
import { FieldGroup, useForm } from '../../shared/forms/useForm';
import { currencyExponent } from '../../shared/intl/eventFormat';
import { SUPPORTED_LOCALES } from '../../shared/intl/locale';
import { EmailText } from '../../shared/ui/EmailText';
import { ListPage } from '../../shared/ui/ListPage';
import { ScrollTable } from '../../shared/ui/ScrollTable';
import { Pagination } from '../../shared/ui/Pagination';
import { useToaster } from '../../shared/ui/toaster';
import type { EventDetail } from '../events/types';
import { ticketQueries } from '../tickets/queries';
import {
  addAttendee,
  attendeeAction,
  changeAttendee,
  downloadExport,
  type Attendee,
  type AttendeeAction,
} from './api';
import {
  attendeeDrawerMessages as d,
  attendeesMessages as m,
  buyerFormMessages as b,
  manualAttendeeMessages as n,
  ordersMessages,
} from './messages';
import { AttendeeDrawer, AttendeeStatusTag, attendeeName as nameOf } from './AttendeeDrawer';
import { personEmail, personName } from './erasedPeople';
import { ExportButtons, ParamFilter, SearchToolbar, openOnRowClick, useListParams } from './ListControls';
import { listQueryOf } from './OrdersPage';
import { orderQueries } from './queries';
import '../../shared/ui/account.css';
import './orders.css';

/** The orders list's query from the address bar, but for the payment method, which attendees are not filtered by. */
export function attendeeQueryOf(params: URLSearchParams): RouteQuery<'GET /events/{eventId}/attendees'> {
  const { filter_fields: filters, ...query } = listQueryOf(params, 'status');
  if (!filters) return query;
  const { payment_method: _method, ...fields } = filters;
  return Object.keys(fields).length > 0 ? { ...query, filter_fields: fields } : query;
}

/** `/manage/event/{eventId}/attendees`: search, filter, page; edit, cancel, reactivate, resend; add by hand. */
export function AttendeesPage() {
  const intl = useIntl();
  const event = useOutletContext<EventDetail>();
  const toaster = useToaster();
  const queryClient = useQueryClient();
  const { params, update } = useListParams();
  const query = attendeeQueryOf(params);
  const list = useQuery({ ...orderQueries.attendees(event.id, query), placeholderData: keepPreviousData });
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<Attendee | null>(null);
  const [cancelling, setCancelling] = useState<Attendee | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const attendees = list.data?.data ?? [];
  const meta = list.data?.meta;
  const action = useMutation({
    mutationFn: ({ attendee, name }: { attendee: Attendee; name: AttendeeAction }) =>
      attendeeAction(event.id, attendee.id, name),
    onSuccess: async (saved, { name }) => {
      toaster.success(name === 'resend-ticket' ? m.resent : m.done, { name: nameOf(saved) });
      await queryClient.invalidateQueries({ queryKey: orderQueries.all });
    },
    onError: (error) => toaster.danger((isApiError(error) && reasonMessage(error.reason)) || m.actionFailed),
  });
  const exportAs = (format: 'csv' | 'xlsx') => {
    const { page: _page, per_page: _perPage, ...filters } = query;
    downloadExport(event.id, 'attendees', format, filters).catch(() =>
      toaster.danger(ordersMessages.exportFailed),
    );
  };
  return (
    <>
      <ListPage
        className="attendees-page"
        title={[m.pageTitle, event.title]}
        heading={<h2 className="page-header__title">{intl.formatMessage(m.heading)}</h2>}
        actions={
          <div className="orders-actions">
            <Button
              intent="primary"
              icon="add"
              text={intl.formatMessage(m.add)}
              onClick={() => setAdding(true)}
            />
            <ExportButtons onExport={exportAs} />
          </div>
        }
        above={
          <>
            <p className="page-intro">{intl.formatMessage(m.intro)}</p>
            <SearchToolbar label={m.search} params={params} update={update} loading={list.isFetching}>
              <ParamFilter
                param="status"
                label={m.statusFilter}
                all={m.allStatuses}
                options={[
                  { value: 'ACTIVE', label: intl.formatMessage(m.active) },
                  { value: 'CANCELLED', label: intl.formatMessage(m.cancelled) },
                ]}
                params={params}
                update={update}
              />
            </SearchToolbar>
          </>
        }
        query={list}
        isEmpty={list.isSuccess && attendees.length === 0}
        loading={m.loading}
        loadError={m.loadFailed}
        empty={<NonIdealState icon="people" title={intl.formatMessage(m.empty)} />}
        summary={meta ? intl.formatMessage(m.summary, { total: meta.total }) : null}
        pagination={
          <Pagination
            meta={meta}
            onChange={(next) => update({ page: String(next) })}
            label={m.paginationNav}
          />
        }
      >
        <ScrollTable label={intl.formatMessage(m.tableLabel)}>
          <HTMLTable
            className={`attendees-table${list.isPlaceholderData ? ' list-table--stale' : ''}`}
            striped
            interactive
            aria-label={intl.formatMessage(m.tableLabel)}
            aria-busy={list.isPlaceholderData}
          >
            <thead>
              <tr>
                <th scope="col">{intl.formatMessage(m.columnName)}</th>
                <th scope="col">{intl.formatMessage(m.columnEmail)}</th>
                <th scope="col">{intl.formatMessage(m.columnTicket)}</th>
                <th scope="col">{intl.formatMessage(m.columnOrder)}</th>
                <th scope="col">{intl.formatMessage(m.columnStatus)}</th>
                <th scope="col">{intl.formatMessage(m.columnCheckIn)}</th>
                <th scope="col">
                  <span className="sr-only">{intl.formatMessage(m.columnActions)}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {attendees.map((attendee) => {
                const name = personName(intl, attendee);
                const active = attendee.status === 'ACTIVE';
                return (
                  <tr
                    key={attendee.id}
                    className="list-table__row--opens"
                    onClick={openOnRowClick(() => setOpen(attendee.id))}
                  >
                    <td className="attendees-table__name">
                      <button
                        type="button"
                        className="list-table__open"
                        aria-label={intl.formatMessage(d.open, { name })}
                        onClick={() => setOpen(attendee.id)}
                      >
                        {name}
                      </button>
                    </td>
                    <td>
                      <EmailText email={personEmail(attendee)} />
                    </td>
                    <td>{attendee.ticket_title}</td>
                    <td className="list-table__reference">{attendee.order_reference}</td>
                    <td>
                      <AttendeeStatusTag attendee={attendee} />
                    </td>
                    <td>{intl.formatMessage(attendee.checked_in_at ? m.checkedIn : m.notCheckedIn)}</td>
                    <td className="attendees-table__actions">
                      <Button
                        variant="minimal"
                        icon="edit"
                        aria-label={intl.formatMessage(m.edit, { name })}
                        title={intl.formatMessage(m.edit, { name })}
                        onClick={() => setEditing(attendee)}
                      />
                      {active ? (
                        <Button
                          variant="minimal"
                          icon="envelope"
                          aria-label={intl.formatMessage(m.resend, { name })}
                          title={intl.formatMessage(m.resend, { name })}
                          disabled={action.isPending}
                          onClick={() => action.mutate({ attendee, name: 'resend-ticket' })}
                        />
                      ) : null}
                      {active ? (
                        <Button
                          variant="minimal"
                          icon="cross"
                          intent="danger"
                          aria-label={intl.formatMessage(m.cancelAttendee, { name })}
                          title={intl.formatMessage(m.cancelAttendee, { name })}
                          disabled={action.isPending}
                          onClick={() => setCancelling(attendee)}
                        />
                      ) : (
                        <Button
                          variant="minimal"
                          icon="undo"
                          aria-label={intl.formatMessage(m.reactivate, { name })}
                          title={intl.formatMessage(m.reactivate, { name })}
                          disabled={action.isPending}
                          onClick={() => action.mutate({ attendee, name: 'reactivate' })}
                        />
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </HTMLTable>
        </ScrollTable>
      </ListPage>
      <AttendeeDrawer
        eventId={event.id}
        attendeeId={open}
        onClose={() => setOpen(null)}
        onEdit={setEditing}
        onCancel={setCancelling}
        onAction={(attendee, name) => action.mutate({ attendee, name })}
        pending={action.isPending}
      />
      <Alert
        isOpen={cancelling !== null}
        intent="danger"
        icon="cross"
        confirmButtonText={intl.formatMessage(m.confirmButton)}
        cancelButtonText={intl.formatMessage(m.keep)}
        onCancel={() => setCancelling(null)}
        onConfirm={() => {
          if (cancelling) action.mutate({ attendee: cancelling, name: 'cancel' });
          setCancelling(null);
        }}
      >
        <p>{cancelling ? intl.formatMessage(m.confirmCancel, { name: nameOf(cancelling) }) : null}</p>
      </Alert>
      <FormDialog
        isOpen={adding}
        onClose={() => setAdding(false)}
        title={intl.formatMessage(n.title)}
        icon="add"
      >
        <ManualAttendeeForm event={event} onClose={() => setAdding(false)} />
      </FormDialog>
      <FormDialog
        isOpen={editing !== null}
        onClose={() => setEditing(null)}
        title={editing ? intl.formatMessage(m.edit, { name: nameOf(editing) }) : ''}
        icon="edit"
      >
        {editing ? (
          <AttendeeForm eventId={event.id} attendee={editing} onClose={() => setEditing(null)} />
        ) : null}
      </FormDialog>
    </>
  );
}

const ATTENDEE_FIELDS = ['first_name', 'last_name', 'email', 'locale'] as const;
const PERSON_LABELS = { first_name: b.firstName, last_name: b.lastName, email: b.email };

function AttendeeForm({
  eventId,
  attendee,
  onClose,
}: {
  eventId: string;
  attendee: Attendee;
  onClose: () => void;
}) {
  const intl = useIntl();
  const toaster = useToaster();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: (values: Record<(typeof ATTENDEE_FIELDS)[number], string>) =>
      changeAttendee(eventId, attendee.id, values),
    onSuccess: async (saved) => {
      toaster.success(m.done, { name: nameOf(saved) });
      await queryClient.invalidateQueries({ queryKey: orderQueries.all });
      onClose();
    },
  });
  const { values, set, onSubmit, field, failure } = useForm({
    fields: ATTENDEE_FIELDS,
    initial: {
      first_name: attendee.first_name ?? '',
      last_name: attendee.last_name ?? '',
      email: attendee.email ?? '',
      locale: attendee.locale,
    },
    validate: (current) =>
      Object.fromEntries(
        ATTENDEE_FIELDS.filter((name) => current[name].trim() === '').map((name) => [name, b.required]),
      ),
    onValid: (current) => mutation.mutate(current),
    serverError: mutation.error,
  });
  const locale = field('locale');
  return (
    <DialogForm
      onSubmit={onSubmit}
      onCancel={onClose}
      pending={mutation.isPending}
      submitText={b.save}
      cancelText={b.cancel}
      failure={{ ...failure, title: b.failed }}
    >
      {(['first_name', 'last_name', 'email'] as const).map((name) => {
        const view = field(name);
        return (
          <FieldGroup key={name} view={view} label={intl.formatMessage(PERSON_LABELS[name])}>
            <InputGroup
              {...view.inputProps}
              type={name === 'email' ? 'email' : 'text'}
              value={values[name]}
              onChange={set(name)}
            />
          </FieldGroup>
        );
      })}
      <FieldGroup view={locale} label={intl.formatMessage(b.language)}>
        <HTMLSelect
          {...locale.controlProps}
          value={values.locale}
          onChange={set('locale')}
          options={[...SUPPORTED_LOCALES]}
        />
      </FieldGroup>
    </DialogForm>
  );
}

const MANUAL_FIELDS = ['ticket_id', 'first_name', 'last_name', 'email', 'amount_paid'] as const;

function ManualAttendeeForm({ event, onClose }: { event: EventDetail; onClose: () => void }) {
  const intl = useIntl();
  const toaster = useToaster();
  const queryClient = useQueryClient();
  const tickets = useQuery(ticketQueries.list(event.id));
  const [sendTicket, setSendTicket] = useState(true);
  const exponent = currencyExponent(event.currency);
  const mutation = useMutation({
    mutationFn: (values: Record<(typeof MANUAL_FIELDS)[number], string>) =>
      addAttendee(event.id, {
        ticket_id: values.ticket_id,
        first_name: values.first_name.trim(),
        last_name: values.last_name.trim(),
        email: values.email.trim(),
        amount_paid: Math.round(Number(values.amount_paid.replace(',', '.')) * 10 ** exponent),
        send_ticket: sendTicket,
      }),
    onSuccess: async (saved) => {
      toaster.success(n.added, { name: nameOf(saved) });
      await queryClient.invalidateQueries({ queryKey: orderQueries.all });
      await queryClient.invalidateQueries({ queryKey: ticketQueries.all });
      onClose();
    },
  });
  const { values, set, onSubmit, field, failure } = useForm({
    fields: MANUAL_FIELDS,
    initial: { ticket_id: '', first_name: '', last_name: '', email: '', amount_paid: '0' },
    validate: (current) => {
      const errors: Partial<Record<(typeof MANUAL_FIELDS)[number], MessageDescriptor>> = {};
      for (const name of MANUAL_FIELDS) if (current[name].trim() === '') errors[name] = b.required;
      const amount = Number(current.amount_paid.replace(',', '.'));
      if (!Number.isFinite(amount) || amount < 0) errors.amount_paid = n.amountInvalid;
      return errors;
    },
    onValid: (current) => mutation.mutate(current),
    serverError: mutation.error,
  });
  const ticket = field('ticket_id');
  const amount = field('amount_paid');
  return (
    <DialogForm
      onSubmit={onSubmit}
      onCancel={onClose}
      pending={mutation.isPending}
      submitText={n.add}
      cancelText={b.cancel}
      failure={{ ...failure, title: b.failed }}
    >
      <Callout intent="primary">{intl.formatMessage(n.noRefund)}</Callout>
      <FieldGroup view={ticket} label={intl.formatMessage(n.ticket)}>
        <HTMLSelect
          {...ticket.controlProps}
          value={values.ticket_id}
          onChange={set('ticket_id')}
          options={[
            { value: '', label: intl.formatMessage(n.chooseTicket) },
            ...(tickets.data ?? []).map((candidate) => ({ value: candidate.id, label: candidate.title })),
          ]}
        />
      </FieldGroup>
      {(['first_name', 'last_name', 'email'] as const).map((name) => {
        const view = field(name);
        return (
          <FieldGroup key={name} view={view} label={intl.formatMessage(PERSON_LABELS[name])}>
            <InputGroup
              {...view.inputProps}
              type={name === 'email' ? 'email' : 'text'}
              value={values[name]}
              onChange={set(name)}
            />
          </FieldGroup>
        );
      })}
      <FieldGroup view={amount} label={intl.formatMessage(n.amountPaid, { currency: event.currency })}>
        <InputGroup
          {...amount.inputProps}
          inputMode="decimal"
          value={values.amount_paid}
          onChange={set('amount_paid')}
        />
      </FieldGroup>
      <Checkbox
        checked={sendTicket}
        label={intl.formatMessage(n.sendTicket)}
        onChange={(changed) => setSendTicket(changed.currentTarget.checked)}
      />
    </DialogForm>
  );
}
