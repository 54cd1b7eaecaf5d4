import { InputGroup, Switch, TextArea } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useIntl, type MessageDescriptor } from 'react-intl';
import type { PriceDisplayMode } from '../events/types';
import { OrderTimeoutField, PriceDisplayField, RichTextField, WaitingRoomFields } from './fields';
import { eventSettingsMessages as m } from './messages';
import { Field, type SectionForm } from './SettingsSection';

export type SettingValues = Record<string, string | number | boolean | null>;
type Form = SectionForm<SettingValues>;

/**
 * One field of a settings section, described once: the settings page and the event-defaults page render the
 * same descriptions, and a section's starting values and what it sends as null follow from them.
 */
export type SettingField =
  | {
      kind: 'text' | 'email';
      name: string;
      label: MessageDescriptor;
      help?: MessageDescriptor;
      maxLength?: number;
    }
  | { kind: 'textarea'; name: string; label: MessageDescriptor; rows: number; maxLength: number }
  | { kind: 'html'; name: string; label: MessageDescriptor }
  | { kind: 'switch'; name: string; label: MessageDescriptor }
  | { kind: 'orderTimeout' }
  | { kind: 'priceDisplay' }
  /** `waiting_room_enabled` (automatic, on, off) and `waiting_room_checkout_capacity`. */
  | { kind: 'waitingRoom' }
  | { kind: 'row'; fields: SettingField[] }
  | { kind: 'note'; text: MessageDescriptor }
  | {
      kind: 'custom';
      name: string;
      initial: (source: Record<string, unknown>) => string;
      render: (form: Form) => ReactNode;
    };

export const settingFields = {
  supportEmail: { kind: 'email', name: 'support_email', label: m.supportEmail },
  replyToEmail: { kind: 'email', name: 'reply_to_email', label: m.replyToEmail },
  emailFooter: { kind: 'html', name: 'email_footer_message', label: m.emailFooter },
  seoTitle: { kind: 'text', name: 'seo_title', label: m.seoTitle, maxLength: 150 },
  seoDescription: {
    kind: 'textarea',
    name: 'seo_description',
    label: m.seoDescription,
    rows: 3,
    maxLength: 500,
  },
  seoKeywords: {
    kind: 'text',
    name: 'seo_keywords',
    label: m.seoKeywords,
    help: m.seoKeywordsHelp,
    maxLength: 500,
  },
  allowIndexing: { kind: 'switch', name: 'allow_search_engine_indexing', label: m.allowIndexing },
  showAvailableQuantity: { kind: 'switch', name: 'show_available_quantity', label: m.showAvailableQuantity },
  hideHomepageFromSidebar: {
    kind: 'switch',
    name: 'hide_homepage_from_sidebar',
    label: m.hideHomepageFromSidebar,
  },
  preCheckoutMessage: { kind: 'html', name: 'pre_checkout_message', label: m.preCheckoutMessage },
  postCheckoutMessage: { kind: 'html', name: 'post_checkout_message', label: m.postCheckoutMessage },
  continueButtonText: {
    kind: 'text',
    name: 'continue_button_text',
    label: m.continueButtonText,
    maxLength: 50,
  },
  offlinePayments: { kind: 'switch', name: 'offline_payments_enabled', label: m.offlinePayments },
  offlinePaymentInstructions: {
    kind: 'html',
    name: 'offline_payment_instructions',
    label: m.offlinePaymentInstructions,
  },
  payAtCheckIn: {
    kind: 'switch',
    name: 'allow_orders_awaiting_offline_payment_to_check_in',
    label: m.payAtCheckIn,
  },
  invoices: { kind: 'switch', name: 'invoices_enabled', label: m.invoices },
  orderTimeout: { kind: 'orderTimeout' },
  priceDisplay: { kind: 'priceDisplay' },
  waitingRoom: { kind: 'waitingRoom' },
} satisfies Record<string, SettingField>;

const f = settingFields;

/** The event settings page's field sections, in page order. */
export const SETTINGS_SECTIONS: { anchor: string; title: MessageDescriptor; fields: SettingField[] }[] = [
  {
    anchor: 'email',
    title: m.email,
    fields: [{ kind: 'row', fields: [f.supportEmail, f.replyToEmail] }, f.emailFooter],
  },
  {
    anchor: 'seo',
    title: m.seo,
    fields: [{ kind: 'note', text: m.seoHelp }, f.seoTitle, f.seoDescription, f.seoKeywords, f.allowIndexing],
  },
  {
    anchor: 'misc',
    title: m.misc,
    fields: [f.orderTimeout, f.priceDisplay, f.showAvailableQuantity, f.hideHomepageFromSidebar],
  },
  {
    anchor: 'checkout',
    title: m.checkout,
    fields: [f.preCheckoutMessage, f.postCheckoutMessage, f.continueButtonText],
  },
  {
    anchor: 'payment',
    title: m.payment,
    fields: [
      { kind: 'note', text: m.paymentHelp },
      f.offlinePayments,
      f.offlinePaymentInstructions,
      f.payAtCheckIn,
      f.invoices,
    ],
  },
  {
    anchor: 'waiting-room',
    title: m.waitingRoom,
    fields: [{ kind: 'note', text: m.waitingRoomHelp }, f.waitingRoom],
  },
];

function leaves(fields: readonly SettingField[]): SettingField[] {
  return fields.flatMap((field) => (field.kind === 'row' ? leaves(field.fields) : [field]));
}

/** A section's starting values from what the server has (`null` text is the empty string in a form). */
export function settingsInitial(
  fields: readonly SettingField[],
  source: Record<string, unknown>,
): SettingValues {
  const values: SettingValues = {};
  for (const field of leaves(fields)) {
    switch (field.kind) {
      case 'text':
      case 'email':
      case 'textarea':
      case 'html':
        values[field.name] = typeof source[field.name] === 'string' ? (source[field.name] as string) : '';
        break;
      case 'switch':
        values[field.name] = source[field.name] === true;
        break;
      case 'orderTimeout':
        values.order_timeout_minutes = Number(source.order_timeout_minutes);
        break;
      case 'priceDisplay':
        values.price_display_mode = String(source.price_display_mode);
        break;
      case 'waitingRoom':
        values.waiting_room_enabled =
          typeof source.waiting_room_enabled === 'boolean' ? source.waiting_room_enabled : null;
        values.waiting_room_checkout_capacity = Number(source.waiting_room_checkout_capacity ?? 100);
        break;
      case 'custom':
        values[field.name] = field.initial(source);
        break;
      case 'note':
      case 'row':
        break;
    }
  }
  return values;
}

/** Which of a section's fields are plain text (blank → null) and which rich text (empty → null). */
export function settingsKinds(fields: readonly SettingField[]): Record<string, 'text' | 'html'> {
  const kinds: Record<string, 'text' | 'html'> = {};
  for (const field of leaves(fields)) {
    if (
      field.kind === 'text' ||
      field.kind === 'email' ||
      field.kind === 'textarea' ||
      field.kind === 'custom'
    )
      kinds[field.name] = 'text';
    if (field.kind === 'html') kinds[field.name] = 'html';
  }
  return kinds;
}

/** Renders described fields into a section's form. */
export function SettingsFields({ form, fields }: { form: Form; fields: readonly SettingField[] }) {
  return (
    <>
      {fields.map((field, index) => (
        <SettingFieldView
          key={'name' in field ? field.name : `${field.kind}-${index}`}
          form={form}
          field={field}
        />
      ))}
    </>
  );
}

function SettingFieldView({ form, field }: { form: Form; field: SettingField }) {
  const intl = useIntl();
  const text = (name: string) => String(form.values[name] ?? '');
  switch (field.kind) {
    case 'row':
      return (
        <div className="form-row">
          <SettingsFields form={form} fields={field.fields} />
        </div>
      );
    case 'note':
      return <p className="settings-section__help">{intl.formatMessage(field.text)}</p>;
    case 'custom':
      return <>{field.render(form)}</>;
    case 'orderTimeout':
      return <OrderTimeoutField form={form as unknown as SectionForm<{ order_timeout_minutes: number }>} />;
    case 'waitingRoom':
      return (
        <WaitingRoomFields
          form={
            form as unknown as SectionForm<{
              waiting_room_enabled: boolean | null;
              waiting_room_checkout_capacity: number;
            }>
          }
        />
      );
    case 'priceDisplay':
      return (
        <PriceDisplayField form={form as unknown as SectionForm<{ price_display_mode: PriceDisplayMode }>} />
      );
    case 'switch':
      return (
        <Switch
          label={intl.formatMessage(field.label)}
          checked={form.values[field.name] === true}
          onChange={(e) => form.set(field.name, e.currentTarget.checked)}
        />
      );
    case 'html': {
      const props = form.field(field.name, intl.formatMessage(field.label));
      return (
        <RichTextField
          props={props}
          value={text(field.name)}
          onChange={(html) => form.set(field.name, html)}
        />
      );
    }
    case 'textarea': {
      const props = form.field(field.name, intl.formatMessage(field.label));
      return (
        <Field props={props}>
          <TextArea
            {...props.input}
            fill
            rows={field.rows}
            maxLength={field.maxLength}
            value={text(field.name)}
            onChange={(e) => form.set(field.name, e.target.value)}
          />
        </Field>
      );
    }
    case 'text':
    case 'email': {
      const props = form.field(
        field.name,
        intl.formatMessage(field.label),
        field.help ? { help: intl.formatMessage(field.help) } : {},
      );
      return (
        <Field props={props}>
          <InputGroup
            {...props.input}
            type={field.kind === 'email' ? 'email' : 'text'}
            maxLength={field.maxLength}
            value={text(field.name)}
            onChange={(e) => form.set(field.name, e.target.value)}
          />
        </Field>
      );
    }
  }
}
