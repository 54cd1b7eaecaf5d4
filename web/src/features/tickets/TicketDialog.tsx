import { Button, Checkbox, HTMLSelect, InputGroup, TextArea } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { DialogForm } from '../../shared/forms/FormDialog';
import { FieldGroup, useForm } from '../../shared/forms/useForm';
import { TicketWaitingList } from './TicketWaitingList';
import { currencyExponent } from '../../shared/intl/eventFormat';
import { EditorDialog, useSave } from '../../shared/ui/crud';
import type { EventDetail } from '../events/types';
import { createTicket, updateTicket, type Ticket, type TicketRequest } from './api';
import { ticketDialogMessages as m, ticketsMessages, ticketTypeMessages } from './messages';
import { ticketQueries } from './queries';
import { FIELDS, FLAGS, initialState, toRequest, validate, type TierValues, type Values } from './ticketForm';

/** Create (no `ticket`) or edit a ticket of `event`; money typed in the event's currency, times in its zone. */
export function TicketDialog({
  isOpen,
  onClose,
  ticket,
  event,
}: {
  isOpen: boolean;
  onClose: () => void;
  ticket: Ticket | null;
  event: EventDetail;
}) {
  return (
    <EditorDialog
      isOpen={isOpen}
      onClose={onClose}
      editing={ticket !== null}
      createTitle={m.createTitle}
      editTitle={m.editTitle}
      icon="label"
      className="ticket-dialog"
    >
      <TicketFormLoader ticket={ticket} event={event} onClose={onClose} />
    </EditorDialog>
  );
}

/**
 * The form waits for the taxes (new tickets start with the defaults). Organizers may not read them (403): the
 * section is left out and the server applies the defaults to a new ticket, an edited one keeps its own.
 */
function TicketFormLoader({
  ticket,
  event,
  onClose,
}: {
  ticket: Ticket | null;
  event: EventDetail;
  onClose: () => void;
}) {
  const taxes = useQuery(ticketQueries.taxes());
  if (taxes.isPending) return null;
  return <TicketForm ticket={ticket} event={event} onClose={onClose} taxes={taxes.data ?? null} />;
}

const emptyTier: TierValues = { label: '', price: '', hidden: false, quantity: '' };

function TicketForm({
  ticket,
  event,
  taxes,
  onClose,
}: {
  ticket: Ticket | null;
  event: EventDetail;
  /** Null: the organizer may not see the account's taxes and fees, so the section is left out. */
  taxes: { id: string; name: string; is_default: boolean }[] | null;
  onClose: () => void;
}) {
  const intl = useIntl();
  const exponent = currencyExponent(event.currency);
  const zone = event.timezone;
  const [initial] = useState(() =>
    initialState(
      ticket,
      exponent,
      zone,
      taxes === null ? null : taxes.filter((tax) => tax.is_default).map((tax) => tax.id),
    ),
  );
  const [tiers, setTiers] = useState<TierValues[]>(initial.tiers.length ? initial.tiers : [{ ...emptyTier }]);
  const [taxIds, setTaxIds] = useState<string[] | null>(initial.taxAndFeeIds);
  const mutation = useSave({
    save: (request: TicketRequest) =>
      ticket ? updateTicket(event.id, ticket.id, request) : createTicket(event.id, request),
    invalidate: ticketQueries.list(event.id).queryKey,
    saved: (saved) => intl.formatMessage(m.saved, { title: saved.title }),
    onClose,
  });
  const state = (values: Values) => ({ values, tiers, taxAndFeeIds: taxIds });
  const { values, set, setValues, onSubmit, field, failure } = useForm({
    fields: FIELDS,
    initial: initial.values,
    validate: (current) => validate(state(current), exponent, zone),
    onValid: (current) => mutation.mutate(toRequest(state(current), exponent, zone)),
    serverError: mutation.error,
  });
  const checkbox = (name: (typeof FLAGS)[number]) => (changed: React.FormEvent<HTMLInputElement>) => {
    // Read now: the updater runs later, when the event's currentTarget is gone.
    const checked = changed.currentTarget.checked;
    setValues((current) => ({ ...current, [name]: checked ? 'true' : 'false' }));
  };
  const setTier = (index: number, change: Partial<TierValues>) =>
    setTiers((current) => current.map((tier, at) => (at === index ? { ...tier, ...change } : tier)));
  const type = field('type');
  const title = field('title');
  const description = field('description');
  const price = field('price');
  const minimumPrice = field('minimum_price', intl.formatMessage(m.minimumPriceHelp));
  const tierField = field('tiers');
  // Tiers are not `set` through the form, so their client error would outlive the fix: shown while it holds.
  const tierError =
    tierField.error && validate(state(values), exponent, zone).tiers === undefined && mutation.error === null
      ? null
      : tierField.error;
  const quantity = field('quantity', intl.formatMessage(m.quantityHelp));
  const minPerOrder = field('min_per_order');
  const maxPerOrder = field('max_per_order');
  const saleStart = field('sale_start');
  const saleEnd = field('sale_end');
  const taxField = field('tax_and_fee_ids');
  const flagLabels = {
    hidden: m.hidden,
    hide_before_sale_start: m.hideBeforeSaleStart,
    hide_after_sale_end: m.hideAfterSaleEnd,
    hide_when_sold_out: m.hideWhenSoldOut,
    hidden_unless_promo_code: m.hiddenUnlessPromoCode,
    show_quantity_remaining: m.showQuantityRemaining,
    collapse_on_load: m.collapseOnLoad,
  };
  return (
    <DialogForm
      onSubmit={onSubmit}
      onCancel={onClose}
      pending={mutation.isPending}
      submitText={m.save}
      cancelText={m.cancel}
      failure={{ ...failure, title: m.failed }}
    >
      <div className="form-row">
        <FieldGroup view={type} label={intl.formatMessage(m.type)}>
          <HTMLSelect {...type.controlProps} fill value={values.type} onChange={set('type')}>
            {(['PAID', 'FREE', 'DONATION', 'TIERED'] as const).map((option) => (
              <option key={option} value={option}>
                {intl.formatMessage(ticketTypeMessages[option])}
              </option>
            ))}
          </HTMLSelect>
        </FieldGroup>
        <FieldGroup view={title} label={intl.formatMessage(m.title)}>
          <InputGroup
            {...title.inputProps}
            autoFocus
            value={values.title}
            onChange={set('title')}
            aria-required
          />
        </FieldGroup>
      </div>
      <FieldGroup view={description} label={intl.formatMessage(m.description)}>
        <TextArea
          {...description.inputProps}
          fill
          rows={3}
          value={values.description}
          onChange={(changed) => {
            const text = changed.currentTarget.value;
            setValues((current) => ({ ...current, description: text }));
          }}
        />
      </FieldGroup>
      {values.type === 'PAID' ? (
        <FieldGroup view={price} label={intl.formatMessage(m.price, { currency: event.currency })}>
          <InputGroup
            {...price.inputProps}
            inputMode="decimal"
            value={values.price}
            onChange={set('price')}
            aria-required
          />
        </FieldGroup>
      ) : null}
      {values.type === 'DONATION' ? (
        <FieldGroup
          view={minimumPrice}
          label={intl.formatMessage(m.minimumPrice, { currency: event.currency })}
        >
          <InputGroup
            {...minimumPrice.inputProps}
            inputMode="decimal"
            value={values.minimum_price}
            onChange={set('minimum_price')}
            aria-required
          />
        </FieldGroup>
      ) : null}
      {values.type === 'TIERED' ? (
        <fieldset
          className="ticket-dialog__tiers"
          aria-describedby={tierError ? tierField.controlProps['aria-describedby'] : undefined}
        >
          <legend>{intl.formatMessage(m.tiers)}</legend>
          {tiers.map((tier, index) => {
            const number = index + 1;
            return (
              <div className="ticket-dialog__tier" key={index}>
                <InputGroup
                  aria-label={intl.formatMessage(m.tierLabel, { number })}
                  placeholder={intl.formatMessage(m.tierLabel, { number })}
                  value={tier.label}
                  onChange={(changed) => setTier(index, { label: changed.target.value })}
                />
                <InputGroup
                  aria-label={intl.formatMessage(m.tierPrice, { number, currency: event.currency })}
                  placeholder={intl.formatMessage(m.tierPrice, { number, currency: event.currency })}
                  inputMode="decimal"
                  value={tier.price}
                  onChange={(changed) => setTier(index, { price: changed.target.value })}
                />
                <InputGroup
                  aria-label={intl.formatMessage(m.tierQuantity, { number })}
                  placeholder={intl.formatMessage(m.tierQuantity, { number })}
                  inputMode="numeric"
                  value={tier.quantity}
                  onChange={(changed) => setTier(index, { quantity: changed.target.value })}
                />
                <Checkbox
                  checked={tier.hidden}
                  label={intl.formatMessage(m.tierHidden)}
                  onChange={(changed) => {
                    const checked = changed.currentTarget.checked;
                    setTier(index, { hidden: checked });
                  }}
                />
                <Button
                  variant="minimal"
                  icon="cross"
                  aria-label={intl.formatMessage(m.removeTier, { number })}
                  title={intl.formatMessage(m.removeTier, { number })}
                  onClick={() => setTiers((current) => current.filter((_tier, at) => at !== index))}
                />
              </div>
            );
          })}
          {tierError ? (
            <p className="ticket-dialog__error" id={tierField.controlProps['aria-describedby']} role="alert">
              {tierError}
            </p>
          ) : null}
          <Button
            icon="add"
            text={intl.formatMessage(m.addTier)}
            onClick={() => setTiers((current) => [...current, { ...emptyTier }])}
          />
        </fieldset>
      ) : null}
      <div className="form-row">
        <FieldGroup view={quantity} label={intl.formatMessage(m.quantity)}>
          <InputGroup
            {...quantity.inputProps}
            inputMode="numeric"
            placeholder={intl.formatMessage(ticketsMessages.unlimited)}
            value={values.quantity}
            onChange={set('quantity')}
          />
        </FieldGroup>
        <FieldGroup view={minPerOrder} label={intl.formatMessage(m.minPerOrder)}>
          <InputGroup
            {...minPerOrder.inputProps}
            inputMode="numeric"
            value={values.min_per_order}
            onChange={set('min_per_order')}
          />
        </FieldGroup>
        <FieldGroup view={maxPerOrder} label={intl.formatMessage(m.maxPerOrder)}>
          <InputGroup
            {...maxPerOrder.inputProps}
            inputMode="numeric"
            value={values.max_per_order}
            onChange={set('max_per_order')}
          />
        </FieldGroup>
      </div>
      <div className="form-row">
        <FieldGroup view={saleStart} label={intl.formatMessage(m.saleStart, { zone })}>
          <InputGroup
            {...saleStart.inputProps}
            type="datetime-local"
            value={values.sale_start}
            onChange={set('sale_start')}
          />
        </FieldGroup>
        <FieldGroup view={saleEnd} label={intl.formatMessage(m.saleEnd, { zone })}>
          <InputGroup
            {...saleEnd.inputProps}
            type="datetime-local"
            value={values.sale_end}
            onChange={set('sale_end')}
          />
        </FieldGroup>
      </div>
      <fieldset className="ticket-dialog__flags">
        <legend>{intl.formatMessage(m.visibility)}</legend>
        {FLAGS.map((flag) => (
          <Checkbox
            key={flag}
            checked={values[flag] === 'true'}
            label={intl.formatMessage(flagLabels[flag])}
            onChange={checkbox(flag)}
          />
        ))}
      </fieldset>
      {taxes && taxes.length > 0 ? (
        <fieldset
          className="ticket-dialog__taxes"
          aria-describedby={taxField.error ? taxField.controlProps['aria-describedby'] : undefined}
        >
          <legend>{intl.formatMessage(m.taxesAndFees)}</legend>
          {taxes.map((tax) => (
            <Checkbox
              key={tax.id}
              checked={taxIds?.includes(tax.id) ?? false}
              label={tax.name}
              onChange={(changed) => {
                const checked = changed.currentTarget.checked;
                setTaxIds((current) =>
                  checked ? [...(current ?? []), tax.id] : (current ?? []).filter((id) => id !== tax.id),
                );
              }}
            />
          ))}
          {taxField.error ? (
            <p className="ticket-dialog__error" id={taxField.controlProps['aria-describedby']}>
              {taxField.error}
            </p>
          ) : null}
        </fieldset>
      ) : null}
      {ticket ? <TicketWaitingList eventId={event.id} ticketId={ticket.id} /> : null}
    </DialogForm>
  );
}
