import { HTMLSelect, InputGroup } from '@blueprintjs/core';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { CheckboxList } from '../../shared/forms/CheckboxList';
import { DialogForm } from '../../shared/forms/FormDialog';
import { FieldGroup, useForm } from '../../shared/forms/useForm';
import { currencyExponent } from '../../shared/intl/eventFormat';
import { EditorDialog, useSave } from '../../shared/ui/crud';
import type { EventDetail } from '../events/types';
import type { Ticket } from '../tickets/api';
import { createPromoCode, updatePromoCode, type PromoCode, type PromoCodeRequest } from './api';
import { promoCodeDialogMessages as m } from './messages';
import { FIELDS, initialValues, toRequest, validate } from './promoCodeForm';
import { promoCodeQueries } from './queries';

/** Create (no `promoCode`) or edit a promo code; money typed in the event's currency, the expiry in its zone. */
export function PromoCodeDialog({
  isOpen,
  onClose,
  promoCode,
  event,
  tickets,
}: {
  isOpen: boolean;
  onClose: () => void;
  promoCode: PromoCode | null;
  event: EventDetail;
  tickets: readonly Ticket[];
}) {
  return (
    <EditorDialog
      isOpen={isOpen}
      onClose={onClose}
      editing={promoCode !== null}
      createTitle={m.createTitle}
      editTitle={m.editTitle}
      icon="tag"
      className="promo-code-dialog"
    >
      <PromoCodeForm promoCode={promoCode} event={event} tickets={tickets} onClose={onClose} />
    </EditorDialog>
  );
}

function PromoCodeForm({
  promoCode,
  event,
  tickets,
  onClose,
}: {
  promoCode: PromoCode | null;
  event: EventDetail;
  tickets: readonly Ticket[];
  onClose: () => void;
}) {
  const intl = useIntl();
  const exponent = currencyExponent(event.currency);
  const zone = event.timezone;
  const [ticketIds, setTicketIds] = useState<string[]>(promoCode?.applicable_ticket_ids ?? []);
  const mutation = useSave({
    save: (request: PromoCodeRequest) =>
      promoCode ? updatePromoCode(event.id, promoCode.id, request) : createPromoCode(event.id, request),
    invalidate: promoCodeQueries.list(event.id).queryKey,
    saved: (saved) => intl.formatMessage(m.saved, { code: saved.code }),
    onClose,
  });
  const { values, set, onSubmit, field, failure } = useForm({
    fields: FIELDS,
    initial: () => initialValues(promoCode, exponent, zone),
    validate: (current) => validate(current, exponent),
    onValid: (current) => mutation.mutate(toRequest(current, ticketIds, exponent, zone)),
    serverError: mutation.error,
  });
  const code = field('code', intl.formatMessage(m.codeHelp));
  const discountType = field('discount_type');
  const discount = field('discount');
  const expiry = field('expiry_date', intl.formatMessage(m.expiryHelp));
  const usages = field('max_allowed_usages', intl.formatMessage(m.maxUsagesHelp));
  const applicable = field('applicable_ticket_ids');
  return (
    <DialogForm
      onSubmit={onSubmit}
      onCancel={onClose}
      pending={mutation.isPending}
      submitText={m.save}
      cancelText={m.cancel}
      failure={{ ...failure, title: m.failed }}
    >
      <FieldGroup view={code} label={intl.formatMessage(m.code)}>
        <InputGroup {...code.inputProps} autoFocus value={values.code} onChange={set('code')} aria-required />
      </FieldGroup>
      <div className="form-row">
        <FieldGroup view={discountType} label={intl.formatMessage(m.discountType)}>
          <HTMLSelect
            {...discountType.controlProps}
            fill
            value={values.discount_type}
            onChange={set('discount_type')}
          >
            <option value="PERCENT">{intl.formatMessage(m.typePercent)}</option>
            <option value="FIXED">{intl.formatMessage(m.typeFixed)}</option>
            <option value="NONE">{intl.formatMessage(m.typeNone)}</option>
          </HTMLSelect>
        </FieldGroup>
        {values.discount_type === 'NONE' ? null : (
          <FieldGroup
            view={discount}
            label={
              values.discount_type === 'PERCENT'
                ? intl.formatMessage(m.percent)
                : intl.formatMessage(m.amount, { currency: event.currency })
            }
          >
            <InputGroup
              {...discount.inputProps}
              inputMode="decimal"
              value={values.discount}
              onChange={set('discount')}
              aria-required
            />
          </FieldGroup>
        )}
      </div>
      <div className="form-row">
        <FieldGroup view={expiry} label={intl.formatMessage(m.expiry, { zone })}>
          <InputGroup
            {...expiry.inputProps}
            type="datetime-local"
            value={values.expiry_date}
            onChange={set('expiry_date')}
          />
        </FieldGroup>
        <FieldGroup view={usages} label={intl.formatMessage(m.maxUsages)}>
          <InputGroup
            {...usages.inputProps}
            inputMode="numeric"
            placeholder={intl.formatMessage(m.unlimited)}
            value={values.max_allowed_usages}
            onChange={set('max_allowed_usages')}
          />
        </FieldGroup>
      </div>
      {tickets.length > 0 ? (
        <CheckboxList
          legend={intl.formatMessage(m.tickets)}
          view={applicable}
          help={intl.formatMessage(m.ticketsHelp)}
          options={tickets.map((ticket) => ({ id: ticket.id, label: ticket.title }))}
          chosen={ticketIds}
          onChange={setTicketIds}
        />
      ) : null}
    </DialogForm>
  );
}
