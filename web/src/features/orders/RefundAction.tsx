import { Button, Callout, Checkbox, HTMLTable, InputGroup } from '@blueprintjs/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { parseAmount } from '../../shared/forms/amount';
import { DialogForm, FormDialog } from '../../shared/forms/FormDialog';
import { FieldGroup, useFieldErrors } from '../../shared/forms/useForm';
import { currencyExponent, formatMoney } from '../../shared/intl/eventFormat';
import { useToaster } from '../../shared/ui/toaster';
import { refundOrder, type OrderDetail } from './api';
import { historySentence } from './history';
import { wasCancelled } from './orderFacts';
import { orderQueries } from './queries';
import { refundMessages as r } from './refundMessages';

/** Paid and not manual: what the server's refund rules accept (it decides; this only offers the button). */
export function canRefund(order: OrderDetail): boolean {
  return (
    order.refundable &&
    order.remaining_total > 0 &&
    (order.payment_method === 'CARD' || order.payment_method === 'OFFLINE') &&
    ['COMPLETED', 'PARTIALLY_REFUNDED', 'REFUND_FAILED', 'CANCELLED', 'REFUNDED', 'REFUND_PENDING'].includes(
      order.status,
    )
  );
}

/** The order drawer's Refund button and its dialog: amount (at most what remains), cancel, tell the buyer. */
export function RefundAction({ eventId, order }: { eventId: string; order: OrderDetail }) {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  if (!canRefund(order)) return null;
  const pending = order.pending_refund_total > 0;
  return (
    <>
      <Button
        icon="undo"
        text={intl.formatMessage(r.refund)}
        disabled={pending}
        title={pending ? intl.formatMessage(r.pending) : undefined}
        onClick={() => setOpen(true)}
      />
      <FormDialog
        isOpen={open}
        onClose={() => setOpen(false)}
        title={intl.formatMessage(r.title, { reference: order.reference })}
        icon="undo"
      >
        {open ? <RefundForm eventId={eventId} order={order} onClose={() => setOpen(false)} /> : null}
      </FormDialog>
    </>
  );
}

function RefundForm({
  eventId,
  order,
  onClose,
}: {
  eventId: string;
  order: OrderDetail;
  onClose: () => void;
}) {
  const intl = useIntl();
  const toaster = useToaster();
  const queryClient = useQueryClient();
  const exponent = currencyExponent(order.currency);
  const remaining = order.remaining_total - order.pending_refund_total;
  const [amount, setAmount] = useState((remaining / 10 ** exponent).toFixed(exponent));
  const [cancelOrder, setCancelOrder] = useState(false);
  const [notifyBuyer, setNotifyBuyer] = useState(true);
  const [invalid, setInvalid] = useState(false);
  // One id per dialog: a retried submission refunds once.
  const [refundId] = useState(() => crypto.randomUUID());
  const mutation = useMutation({
    mutationFn: (minor: number) =>
      refundOrder(eventId, order.id, {
        amount: minor,
        cancel_order: cancelOrder,
        notify_buyer: notifyBuyer,
        refund_id: refundId,
      }),
    onSuccess: async (saved) => {
      queryClient.setQueryData(orderQueries.detail(eventId, order.id).queryKey, saved);
      toaster.success(r.done, { reference: saved.reference });
      await queryClient.invalidateQueries({ queryKey: orderQueries.lists() });
      onClose();
    },
  });
  const { field } = useFieldErrors(
    ['amount'] as const,
    invalid ? { amount: r.amountInvalid } : {},
    mutation.error,
  );
  const view = field('amount');
  const submit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const minor = parseAmount(amount, exponent);
    if (minor === null || minor <= 0 || minor > remaining) {
      setInvalid(true);
      document.getElementById(view.labelFor)?.focus();
      return;
    }
    setInvalid(false);
    mutation.mutate(minor);
  };
  return (
    <DialogForm
      onSubmit={submit}
      onCancel={onClose}
      pending={mutation.isPending}
      submitText={r.submit}
      cancelText={r.close}
      failure={{ error: mutation.error, fields: ['amount'], title: r.failed }}
      intro={
        <>
          {intl.formatMessage(r.intro, { remaining: formatMoney(intl, remaining, order.currency) })}{' '}
          {order.payment_method === 'OFFLINE' ? intl.formatMessage(r.offlineIntro) : null}
        </>
      }
    >
      <FieldGroup view={view} label={`${intl.formatMessage(r.amount)} (${order.currency})`}>
        <InputGroup
          {...view.inputProps}
          inputMode="decimal"
          value={amount}
          onChange={(event) => {
            setAmount(event.target.value);
            setInvalid(false);
          }}
        />
      </FieldGroup>
      {wasCancelled(order) ? null : (
        <Checkbox
          checked={cancelOrder}
          label={intl.formatMessage(r.cancelOrder)}
          onChange={(event) => setCancelOrder(event.currentTarget.checked)}
        />
      )}
      <Checkbox
        checked={notifyBuyer}
        label={intl.formatMessage(r.notifyBuyer)}
        onChange={(event) => setNotifyBuyer(event.currentTarget.checked)}
      />
    </DialogForm>
  );
}

/** Completion and "marked paid" are in the history already; the payments list shows what carries money. */
const OWN_LINE = new Set<string>(['OrderCompleted', 'OrderMarkedPaid']);
/** A Stripe event that named this order but was not about its payment (docs/payments.md, "Foreign events"). */
const FOREIGN_EVENT = 'ForeignStripeEventIgnored';

/** Every payment, refund and fee of the order, said in words, with Stripe's references for a talk with Stripe. */
export function MoneyTrail({ order }: { order: OrderDetail }) {
  const intl = useIntl();
  const trail = order.money_trail.filter((item) => !OWN_LINE.has(item.type));
  return (
    <>
      {order.payment_amount_mismatch ? (
        <Callout intent="danger" className="order-drawer__manual">
          {intl.formatMessage(r.mismatch)}
        </Callout>
      ) : null}
      {trail.some((item) => item.type === FOREIGN_EVENT) ? (
        <Callout intent="warning" className="order-drawer__manual">
          {intl.formatMessage(r.foreignEvent)}
        </Callout>
      ) : null}
      {order.pending_refund_total > 0 ? (
        <Callout intent="warning" className="order-drawer__manual">
          {intl.formatMessage(r.pendingRefund)}:{' '}
          {formatMoney(intl, order.pending_refund_total, order.currency)}
        </Callout>
      ) : null}
      {trail.length > 0 ? (
        <>
          <h3>{intl.formatMessage(r.moneyTrail)}</h3>
          <HTMLTable compact className="order-drawer__payments" aria-label={intl.formatMessage(r.moneyTrail)}>
            <tbody>
              {trail.map((item, index) => {
                const stripeIds = [item.payment_intent_id, item.charge_id, item.stripe_refund_id].filter(
                  (id): id is string => Boolean(id),
                );
                return (
                  <tr key={index}>
                    <td>
                      {historySentence(
                        intl,
                        { ...item, attendee_name: null, payment_method: null },
                        order.currency,
                      )}
                      {stripeIds.length > 0 ? (
                        <div className="order-drawer__ids">
                          {intl.formatMessage(r.stripeReference, { ids: stripeIds.join(' · ') })}
                        </div>
                      ) : null}
                    </td>
                    <td className="order-drawer__when">
                      {intl.formatDate(item.at, { dateStyle: 'short', timeStyle: 'short' })}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </HTMLTable>
        </>
      ) : null}
    </>
  );
}
