import { useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { isApiError } from '../../shared/api/ApiError';
import { useLocale } from '../../shared/intl/LocaleProvider';
import { checkoutApi, type PublicOrder } from './api';
import { CheckoutFrame, useCheckoutParams } from './CheckoutFrame';
import {
  attendeeQuestions,
  copyBuyerToAttendees,
  detailsProblems,
  initialValues,
  orderQuestions,
  serverProblems,
  toDetailsBody,
  type AnswerValue,
  type CompanyValues,
  type DetailsValues,
  type PersonValues,
  type Problems,
} from './detailsForm';
import { refusalText } from './refusal';
import { checkoutMessages as m } from './messages';
import { OrderSummary } from './OrderSummary';
import { checkoutPath } from './paths';
import { checkoutQueries } from './queries';
import { FieldError, QuestionField, RequiredMark, TextField } from './QuestionField';

function PersonFields({
  person,
  prefix,
  problems,
  onChange,
  own,
}: {
  person: PersonValues;
  prefix: string;
  problems: Problems;
  onChange: (person: PersonValues) => void;
  own: boolean;
}) {
  const intl = useIntl();
  return (
    <div className="checkout-grid">
      <TextField
        fieldKey={`${prefix}first_name`}
        label={intl.formatMessage(m.firstName)}
        value={person.first_name}
        onChange={(value) => onChange({ ...person, first_name: value })}
        problems={problems}
        autoComplete={own ? 'given-name' : 'off'}
      />
      <TextField
        fieldKey={`${prefix}last_name`}
        label={intl.formatMessage(m.lastName)}
        value={person.last_name}
        onChange={(value) => onChange({ ...person, last_name: value })}
        problems={problems}
        autoComplete={own ? 'family-name' : 'off'}
      />
      <div className="checkout-grid__wide">
        <TextField
          fieldKey={`${prefix}email`}
          label={intl.formatMessage(m.email)}
          type="email"
          value={person.email}
          onChange={(value) => onChange({ ...person, email: value })}
          problems={problems}
          autoComplete={own ? 'email' : 'off'}
          {...(own ? { hint: intl.formatMessage(m.emailHint) } : {})}
        />
      </div>
    </div>
  );
}

/** The company invoice's fields, shown once the buyer ticks that they want one. */
function CompanyFields({
  company,
  problems,
  onChange,
}: {
  company: CompanyValues;
  problems: Problems;
  onChange: (company: CompanyValues) => void;
}) {
  const intl = useIntl();
  const wantedId = useId();
  return (
    <fieldset className="checkout-card">
      <legend className="checkout-card__title">{intl.formatMessage(m.companyLegend)}</legend>
      <div className="checkout-choice">
        <input
          id={wantedId}
          type="checkbox"
          checked={company.wanted}
          onChange={(e) => onChange({ ...company, wanted: e.currentTarget.checked })}
        />
        <label htmlFor={wantedId}>{intl.formatMessage(m.companyWanted)}</label>
      </div>
      {company.wanted ? (
        <div className="checkout-grid">
          <div className="checkout-grid__wide">
            <TextField
              fieldKey="company"
              label={intl.formatMessage(m.companyName)}
              value={company.company}
              onChange={(value) => onChange({ ...company, company: value })}
              problems={problems}
              autoComplete="organization"
            />
          </div>
          <div className="checkout-grid__wide">
            <TextField
              fieldKey="company_address"
              label={intl.formatMessage(m.companyAddress)}
              value={company.company_address}
              onChange={(value) => onChange({ ...company, company_address: value })}
              problems={problems}
              autoComplete="street-address"
            />
          </div>
          <TextField
            fieldKey="company_country"
            label={intl.formatMessage(m.companyCountry)}
            value={company.company_country}
            onChange={(value) => onChange({ ...company, company_country: value })}
            problems={problems}
            autoComplete="country"
            hint={intl.formatMessage(m.companyCountryHint)}
          />
          <TextField
            fieldKey="vat_id"
            label={intl.formatMessage(m.vatId)}
            value={company.vat_id}
            onChange={(value) => onChange({ ...company, vat_id: value })}
            problems={problems}
            required={false}
            hint={intl.formatMessage(m.vatIdHint)}
          />
        </div>
      ) : null}
    </fieldset>
  );
}

function DetailsForm({ order }: { order: PublicOrder }) {
  const intl = useIntl();
  const { locale } = useLocale();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { eventId, orderShortId } = useCheckoutParams();
  const termsId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<DetailsValues>(() => initialValues(order));
  const [problems, setProblems] = useState<Problems>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const [busy, setBusy] = useState(false);
  const asked = orderQuestions(order);
  const free = order.total === 0;

  const focusFirstProblem = () => {
    requestAnimationFrame(() => {
      const invalid = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
      const target = invalid?.tagName === 'FIELDSET' ? invalid.querySelector<HTMLElement>('input') : invalid;
      target?.focus();
    });
  };

  const submit = async (submitted: FormEvent<HTMLFormElement>) => {
    submitted.preventDefault();
    if (busy) return;
    const found = detailsProblems(order, values);
    setProblems(found);
    setFailure(null);
    if (Object.keys(found).length > 0) {
      setFailure(intl.formatMessage(m.fixErrors));
      focusFirstProblem();
      return;
    }
    setBusy(true);
    try {
      let saved = await checkoutApi.submitDetails(eventId, orderShortId, toDetailsBody(values, locale));
      if (free) saved = await checkoutApi.complete(eventId, orderShortId, 'FREE');
      queryClient.setQueryData(checkoutQueries.order(eventId, orderShortId).queryKey, saved);
      await navigate(checkoutPath(eventId, orderShortId, free ? 'summary' : 'payment'));
    } catch (error) {
      if (isApiError(error) && error.hasFieldErrors) {
        setProblems(serverProblems(error.errors));
        setFailure(intl.formatMessage(m.fixErrors));
        focusFirstProblem();
      } else if (
        isApiError(error) &&
        ['order_expired', 'order_not_found', 'order_already_processed', 'order_cancelled'].includes(
          error.reason,
        )
      ) {
        await queryClient.invalidateQueries({
          queryKey: checkoutQueries.order(eventId, orderShortId).queryKey,
        });
      } else {
        setFailure(refusalText(intl, error, m.loadFailed));
      }
    } finally {
      setBusy(false);
    }
  };

  const setAnswer = (questionId: string, answer: AnswerValue) =>
    setValues((current) => ({ ...current, answers: { ...current.answers, [questionId]: answer } }));
  const setAttendee = (index: number, change: Partial<DetailsValues['attendees'][number]>) =>
    setValues((current) => ({
      ...current,
      attendees: current.attendees.map((attendee, at) =>
        at === index ? { ...attendee, ...change } : attendee,
      ),
    }));

  return (
    <div className="checkout-columns">
      <OrderSummary order={order} />
      <form ref={formRef} className="checkout-form" onSubmit={(e) => void submit(e)} noValidate>
        <h1 className="checkout-title">{intl.formatMessage(m.detailsTitle)}</h1>
        <fieldset className="checkout-card">
          <legend className="checkout-card__title">{intl.formatMessage(m.buyerLegend)}</legend>
          <PersonFields
            person={values.buyer}
            prefix=""
            problems={problems}
            own
            onChange={(buyer) => setValues((current) => ({ ...current, buyer }))}
          />
        </fieldset>

        {asked.length > 0 ? (
          <fieldset className="checkout-card">
            <legend className="checkout-card__title">{intl.formatMessage(m.orderQuestions)}</legend>
            {asked.map((question) => (
              <QuestionField
                key={question.id}
                question={question}
                fieldKey={question.id}
                value={values.answers[question.id]}
                onChange={(answer) => setAnswer(question.id, answer)}
                problems={problems}
              />
            ))}
          </fieldset>
        ) : null}

        <section className="checkout-card" aria-labelledby="checkout-attendees-title">
          <h2 id="checkout-attendees-title" className="checkout-card__title">
            {intl.formatMessage(m.attendeesTitle)}
          </h2>
          <button
            type="button"
            className="checkout-button-secondary"
            onClick={() => {
              setValues(copyBuyerToAttendees);
              setCopied(true);
            }}
          >
            {intl.formatMessage(m.copyBuyer)}
          </button>
          <p className="visually-hidden" aria-live="polite">
            {copied ? intl.formatMessage(m.copied) : ''}
          </p>
          {order.attendees.map((attendee, index) => {
            const holder = values.attendees[index];
            if (!holder) return null;
            const prefix = `attendees.${index}.`;
            return (
              <fieldset key={attendee.id} className="checkout-attendee">
                <legend>
                  {intl.formatMessage(m.attendeeLegend, {
                    number: index + 1,
                    title: attendee.ticket_title ?? '',
                  })}
                </legend>
                <PersonFields
                  person={holder}
                  prefix={prefix}
                  problems={problems}
                  own={false}
                  onChange={(person) => setAttendee(index, person)}
                />
                {attendeeQuestions(order.questions, attendee.ticket_id).map((question) => (
                  <QuestionField
                    key={question.id}
                    question={question}
                    fieldKey={`${prefix}${question.id}`}
                    value={holder.answers[question.id]}
                    onChange={(answer) =>
                      setAttendee(index, { answers: { ...holder.answers, [question.id]: answer } })
                    }
                    problems={problems}
                  />
                ))}
              </fieldset>
            );
          })}
        </section>

        {order.invoices_enabled ? (
          <CompanyFields
            company={values.company}
            problems={problems}
            onChange={(company) => setValues((current) => ({ ...current, company }))}
          />
        ) : null}

        <div className="checkout-field checkout-terms" data-field="terms_agreed">
          <div className="checkout-choice">
            <input
              id={termsId}
              type="checkbox"
              checked={values.terms}
              aria-required
              aria-invalid={problems.terms_agreed ? true : undefined}
              aria-describedby={problems.terms_agreed ? `${termsId}-error` : undefined}
              onChange={(e) => {
                const terms = e.currentTarget.checked;
                setValues((current) => ({ ...current, terms }));
              }}
            />
            <label htmlFor={termsId}>
              {intl.formatMessage(m.terms)}
              <RequiredMark />
            </label>
          </div>
          <FieldError id={`${termsId}-error`} problem={problems.terms_agreed} />
        </div>

        {failure ? (
          <p className="checkout-error" role="alert">
            {failure}
          </p>
        ) : null}
        <button type="submit" className="checkout-button" disabled={busy} aria-disabled={busy || undefined}>
          {intl.formatMessage(busy ? m.saving : free ? m.completeFree : m.continueToPayment)}
        </button>
      </form>
    </div>
  );
}

/** `/checkout/{eventId}/{orderShortId}/details`: summary, the buyer's and ticket holders' details, the terms. */
export function DetailsPage() {
  return (
    <CheckoutFrame step="details" title={m.detailsTitle}>
      {(order) => <DetailsForm key={order.id} order={order} />}
    </CheckoutFrame>
  );
}

export default DetailsPage;
