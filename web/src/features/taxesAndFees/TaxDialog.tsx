import { Checkbox, HTMLSelect, InputGroup } from '@blueprintjs/core';
import { useIntl } from 'react-intl';
import { DialogForm } from '../../shared/forms/FormDialog';
import { FieldGroup, useForm, type ClientErrors } from '../../shared/forms/useForm';
import { currencyExponent } from '../../shared/intl/eventFormat';
import { EditorDialog, useSave } from '../../shared/ui/crud';
import { createTaxOrFee, updateTaxOrFee, type TaxOrFee, type TaxOrFeeRequest } from './api';
import { amountText, parseAmount } from '../../shared/forms/amount';
import { taxDialogMessages as m, taxesMessages } from './messages';
import { taxQueries } from './queries';

type Field = 'name' | 'type' | 'calculation_type' | 'rate' | 'amount' | 'is_default';
const FIELDS: readonly Field[] = ['name', 'type', 'calculation_type', 'rate', 'amount', 'is_default'];
type Values = Record<Field, string>;
const maxNameLength = 149;

/** Create (no `tax`) or edit a tax or fee; fixed amounts are typed in `currency` and sent as minor units. */
export function TaxDialog({
  isOpen,
  onClose,
  tax,
  currency,
}: {
  isOpen: boolean;
  onClose: () => void;
  tax: TaxOrFee | null;
  currency: string;
}) {
  return (
    <EditorDialog
      isOpen={isOpen}
      onClose={onClose}
      editing={tax !== null}
      createTitle={m.createTitle}
      editTitle={m.editTitle}
      icon="percentage"
      className="tax-dialog"
    >
      <TaxForm tax={tax} currency={currency} onClose={onClose} />
    </EditorDialog>
  );
}

function validate(values: Values, exponent: number): ClientErrors<Field> {
  const errors: ClientErrors<Field> = {};
  const name = values.name.trim();
  if (!name) errors.name = m.nameRequired;
  else if (name.length > maxNameLength) errors.name = m.nameTooLong;
  if (values.calculation_type === 'PERCENTAGE') {
    const rate = Number(values.rate.trim().replace(',', '.'));
    if (!values.rate.trim() || !Number.isFinite(rate) || rate < 0 || rate > 100) errors.rate = m.rateInvalid;
  } else if (parseAmount(values.amount, exponent) === null) {
    errors.amount = m.amountInvalid;
  }
  return errors;
}

function toRequest(values: Values, exponent: number): TaxOrFeeRequest {
  const percentage = values.calculation_type === 'PERCENTAGE';
  return {
    name: values.name.trim(),
    type: values.type === 'FEE' ? 'FEE' : 'TAX',
    calculation_type: percentage ? 'PERCENTAGE' : 'FIXED',
    rate: percentage ? Number(values.rate.trim().replace(',', '.')) : null,
    amount: percentage ? null : parseAmount(values.amount, exponent),
    is_default: values.is_default === 'true',
  };
}

function TaxForm({
  tax,
  currency,
  onClose,
}: {
  tax: TaxOrFee | null;
  currency: string;
  onClose: () => void;
}) {
  const intl = useIntl();
  const exponent = currencyExponent(currency);
  const mutation = useSave({
    save: (request: TaxOrFeeRequest) => (tax ? updateTaxOrFee(tax.id, request) : createTaxOrFee(request)),
    invalidate: taxQueries.all,
    saved: (saved) => intl.formatMessage(m.saved, { name: saved.name }),
    onClose,
  });
  const { values, set, setValues, onSubmit, field, failure } = useForm({
    fields: FIELDS,
    initial: (): Values => ({
      name: tax?.name ?? '',
      type: tax?.type ?? 'TAX',
      calculation_type: tax?.calculation_type ?? 'PERCENTAGE',
      rate: tax?.rate === null || tax?.rate === undefined ? '' : String(tax.rate),
      amount: tax?.amount === null || tax?.amount === undefined ? '' : amountText(tax.amount, exponent),
      is_default: tax?.is_default ? 'true' : 'false',
    }),
    validate: (current) => validate(current, exponent),
    onValid: (current) => mutation.mutate(toRequest(current, exponent)),
    serverError: mutation.error,
  });
  const name = field('name', intl.formatMessage(m.nameHelp));
  const type = field('type');
  const calculation = field('calculation_type');
  const rate = field('rate');
  const amount = field('amount', intl.formatMessage(m.amountHelp));
  const isDefault = field('is_default');
  const percentage = values.calculation_type === 'PERCENTAGE';
  return (
    <DialogForm
      onSubmit={onSubmit}
      onCancel={onClose}
      pending={mutation.isPending}
      submitText={m.save}
      cancelText={m.cancel}
      failure={{ ...failure, title: m.failed }}
    >
      <FieldGroup view={name} label={intl.formatMessage(m.name)}>
        <InputGroup {...name.inputProps} autoFocus value={values.name} onChange={set('name')} aria-required />
      </FieldGroup>
      <div className="form-row">
        <FieldGroup view={type} label={intl.formatMessage(m.type)}>
          <HTMLSelect {...type.controlProps} fill value={values.type} onChange={set('type')}>
            <option value="TAX">{intl.formatMessage(taxesMessages.typeTax)}</option>
            <option value="FEE">{intl.formatMessage(taxesMessages.typeFee)}</option>
          </HTMLSelect>
        </FieldGroup>
        <FieldGroup view={calculation} label={intl.formatMessage(m.calculation)}>
          <HTMLSelect
            {...calculation.controlProps}
            fill
            value={values.calculation_type}
            onChange={set('calculation_type')}
          >
            <option value="PERCENTAGE">{intl.formatMessage(m.percentage)}</option>
            <option value="FIXED">{intl.formatMessage(m.fixed)}</option>
          </HTMLSelect>
        </FieldGroup>
      </div>
      {percentage ? (
        <FieldGroup view={rate} label={intl.formatMessage(m.rate)}>
          <InputGroup
            {...rate.inputProps}
            inputMode="decimal"
            value={values.rate}
            onChange={set('rate')}
            aria-required
          />
        </FieldGroup>
      ) : (
        <FieldGroup view={amount} label={intl.formatMessage(m.amount, { currency })}>
          <InputGroup
            {...amount.inputProps}
            inputMode="decimal"
            value={values.amount}
            onChange={set('amount')}
            aria-required
          />
        </FieldGroup>
      )}
      <Checkbox
        {...isDefault.controlProps}
        checked={values.is_default === 'true'}
        label={intl.formatMessage(m.isDefault)}
        onChange={(event) => {
          // Read now: the updater runs later, when the event's currentTarget is gone.
          const checked = event.currentTarget.checked;
          setValues((current) => ({ ...current, is_default: checked ? 'true' : 'false' }));
        }}
      />
    </DialogForm>
  );
}
