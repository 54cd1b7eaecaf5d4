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
