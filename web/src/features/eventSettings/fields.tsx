import { NumericInput, Radio, RadioGroup } from '@blueprintjs/core';
import { useIntl } from 'react-intl';
import type { PriceDisplayMode } from '../events/types';
import { eventSettingsMessages as m } from './messages';
import { RichTextEditor } from '../../shared/ui/RichTextEditor';
import { Field, type SectionForm } from './SettingsSection';

type FieldProps = ReturnType<SectionForm<unknown>['field']>;

/** A labelled rich-text editor with the server's error for it. */
export function RichTextField({
  props,
  value,
  onChange,
  minHeight = 80,
}: {
  props: FieldProps;
  value: string;
  onChange: (html: string) => void;
  minHeight?: number;
}) {
  return (
    <Field props={props}>
      <RichTextEditor
        id={props.input.id}
        label={props.group.label}
        invalid={props.invalid}
        describedBy={props.input['aria-describedby']}
        value={value}
        onChange={onChange}
        minHeight={minHeight}
      />
    </Field>
  );
}

/** Order timeout in minutes, warning below the recommended 15 (spec section 9). */
export function OrderTimeoutField<T extends { order_timeout_minutes: number }>({
  form,
}: {
  form: SectionForm<T>;
}) {
  const intl = useIntl();
  const minutes = form.values.order_timeout_minutes;
  const props = form.field('order_timeout_minutes', intl.formatMessage(m.orderTimeout), {
    help:
      minutes < 15 ? (
        <span className="settings-warning">{intl.formatMessage(m.orderTimeoutShort)}</span>
      ) : (
        intl.formatMessage(m.orderTimeoutHelp)
      ),
  });
  return (
    <Field props={props}>
      <NumericInput
        {...props.input}
        min={1}
        max={1440}
        minorStepSize={null}
        buttonPosition="none"
        value={minutes}
        intent={props.group.intent}
        onValueChange={(value) => form.set('order_timeout_minutes', Number.isFinite(value) ? value : 0)}
      />
    </Field>
  );
}

/** Prices including taxes and fees, or showing them separately. */
export function PriceDisplayField<T extends { price_display_mode: PriceDisplayMode }>({
  form,
}: {
  form: SectionForm<T>;
}) {
  const intl = useIntl();
  return (
    <RadioGroup
      label={intl.formatMessage(m.priceDisplayMode)}
      selectedValue={form.values.price_display_mode}
      onChange={(e) => form.set('price_display_mode', e.currentTarget.value as T['price_display_mode'])}
    >
      <Radio value="INCLUSIVE" label={intl.formatMessage(m.priceInclusive)} />
      <Radio value="EXCLUSIVE" label={intl.formatMessage(m.priceExclusive)} />
    </RadioGroup>
  );
}

export const minWaitingRoomCapacity = 1;
export const maxWaitingRoomCapacity = 10_000;

/** Whether a checkout capacity is one the server takes: a whole number of buyers from 1 to 10,000. */
export function waitingRoomCapacityValid(value: number): boolean {
  return Number.isInteger(value) && value >= minWaitingRoomCapacity && value <= maxWaitingRoomCapacity;
}

/** The on-sale waiting room (docs/waiting-room.md): automatic, on or off, and how many buyers check out at once. */
export function WaitingRoomFields<
  T extends { waiting_room_enabled: boolean | null; waiting_room_checkout_capacity: number },
>({ form }: { form: SectionForm<T> }) {
  const intl = useIntl();
  const enabled = form.values.waiting_room_enabled;
  const capacity = form.values.waiting_room_checkout_capacity;
  const choice = enabled === null ? 'AUTO' : enabled ? 'ON' : 'OFF';
  const props = form.field('waiting_room_checkout_capacity', intl.formatMessage(m.waitingRoomCapacity), {
    help: waitingRoomCapacityValid(capacity) ? (
      intl.formatMessage(m.waitingRoomCapacityHelp)
    ) : (
      <span className="settings-warning">{intl.formatMessage(m.waitingRoomCapacityInvalid)}</span>
    ),
  });
  return (
    <>
      <RadioGroup
        label={intl.formatMessage(m.waitingRoomMode)}
        selectedValue={choice}
        onChange={(e) => {
          const value = e.currentTarget.value;
          form.set('waiting_room_enabled', value === 'AUTO' ? null : value === 'ON');
        }}
      >
        <Radio value="AUTO" label={intl.formatMessage(m.waitingRoomAuto)} />
        <Radio value="ON" label={intl.formatMessage(m.waitingRoomOn)} />
        <Radio value="OFF" label={intl.formatMessage(m.waitingRoomOff)} />
      </RadioGroup>
      <Field props={props}>
        <NumericInput
          {...props.input}
          {...(waitingRoomCapacityValid(capacity) ? {} : { 'aria-invalid': true })}
          min={minWaitingRoomCapacity}
          max={maxWaitingRoomCapacity}
          minorStepSize={null}
          buttonPosition="none"
          value={capacity}
          intent={props.invalid || !waitingRoomCapacityValid(capacity) ? 'danger' : 'none'}
          onValueChange={(value) =>
            form.set('waiting_room_checkout_capacity', Number.isFinite(value) ? value : 0)
          }
        />
      </Field>
    </>
  );
}
