import { Button, FormGroup, HTMLSelect, InputGroup } from '@blueprintjs/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { browserTimeZone, listTimeZones } from '../../shared/time/zonedTime';
import { useToaster } from '../../shared/ui/toaster';
import { eventDefaultsQueries } from '../eventDefaults/api';
import { DialogForm, FormDialog } from '../../shared/forms/FormDialog';
import { formErrors } from '../../shared/forms/formErrors';
import { RichTextEditor } from '../../shared/ui/RichTextEditor';
import { OrganizerDialog } from '../organizers/OrganizerDialog';
import { organizerQueries } from '../organizers/queries';
import { createEvent } from './api';
import {
  FIELDS,
  TITLE_MAX,
  buildPayload,
  type ClientError,
  type Field,
  type FormValues,
} from './createEventForm';
import { DEFAULT_CURRENCY } from '../../shared/intl/currencies';
import { useCurrencyOptions } from '../../shared/intl/useCurrencyOptions';
import { createEventMessages as m } from './messages';
import { eventQueries } from './queries';

export interface CreateEventDialogProps {
  isOpen: boolean;
  onClose: () => void;
  /** The account's or user's zone when known; the browser's otherwise. */
  defaultTimeZone?: string | null;
  /** Preselected on an organizer's own events page. */
  defaultOrganizerId?: string | null;
}

/** The dialog; its form (and so its state) is created each time it opens, with the defaults of that moment. */
export function CreateEventDialog({
  isOpen,
  onClose,
  defaultTimeZone,
  defaultOrganizerId,
}: CreateEventDialogProps) {
  const intl = useIntl();
  return (
    <FormDialog
      isOpen={isOpen}
      onClose={onClose}
      title={intl.formatMessage(m.title)}
      icon="add"
      className="create-event-dialog"
    >
      {/* Blueprint unmounts a closed dialog's content, so every opening starts from a fresh form. */}
      <CreateEventForm
        onClose={onClose}
        defaultTimeZone={defaultTimeZone}
        defaultOrganizerId={defaultOrganizerId}
      />
    </FormDialog>
  );
}

function CreateEventForm({
  onClose,
  defaultTimeZone,
  defaultOrganizerId,
}: Omit<CreateEventDialogProps, 'isOpen'>) {
  const intl = useIntl();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const toaster = useToaster();
  const baseId = useId();
  const id = (field: string) => `${baseId}-${field}`;

  const defaults = useQuery(eventDefaultsQueries.get());
  const organizers = useQuery(organizerQueries.list());
  const [creatingOrganizer, setCreatingOrganizer] = useState(false);
  const initialZone =
    defaults.data?.timezone || defaultTimeZone || defaults.data?.account?.timezone || browserTimeZone();
  const zones = useMemo(() => listTimeZones([initialZone, browserTimeZone()]), [initialZone]);
  const currencies = useCurrencyOptions();

  const [values, setValues] = useState<FormValues>(() => ({
    organizer_id: defaultOrganizerId ?? '',
    title: '',
    start: '',
    end: '',
    timezone: initialZone,
    currency: DEFAULT_CURRENCY,
    description: '',
  }));
  // The account's defaults and organizers may arrive after the form opened: fill what the user has not chosen.
  const firstOrganizer = organizers.data?.data[0]?.id;
  useEffect(() => {
    if (firstOrganizer)
      setValues((current) => (current.organizer_id ? current : { ...current, organizer_id: firstOrganizer }));
  }, [firstOrganizer]);
  const defaultsLoaded = defaults.data;
  useEffect(() => {
    if (!defaultsLoaded) return;
    setValues((current) => ({
      ...current,
      timezone: defaultsLoaded.timezone ?? current.timezone,
      currency: defaultsLoaded.currency ?? defaultsLoaded.account?.currency ?? current.currency,
    }));
  }, [defaultsLoaded]);

  const [clientErrors, setClientErrors] = useState<Partial<Record<Field, ClientError>>>({});

  const mutation = useMutation({
    mutationFn: createEvent,
    onSuccess: async (event) => {
      toaster.success(m.created, { title: event.title });
      queryClient.setQueryData(eventQueries.detail(event.id).queryKey, event);
      void queryClient.invalidateQueries({ queryKey: eventQueries.lists() });
      onClose();
      await navigate(`/manage/event/${encodeURIComponent(event.id)}`);
    },
  });

  const serverErrors = formErrors(mutation.error, FIELDS);
  const errorFor = (field: Field): string | null => {
    const client = clientErrors[field];
    if (client) return intl.formatMessage(client.message, client.values);
    return serverErrors.of(field);
  };

  const set =
    (field: keyof FormValues) =>
    (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => {
      const value = event.target.value;
      setValues((current) => ({ ...current, [field]: value }));
    };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const result = buildPayload(values);
    if (result.errors) {
      setClientErrors(result.errors);
      const first = FIELDS.find((field) => result.errors[field]);
      if (first) document.getElementById(id(first))?.focus();
      return;
    }
    setClientErrors({});
    mutation.mutate(result.payload);
  };

  const field = (name: Field) => {
    const error = errorFor(name);
    return {
      intent: error ? ('danger' as const) : ('none' as const),
      helper: error ? <span id={id(`${name}-error`)}>{error}</span> : undefined,
      aria: {
        'aria-invalid': error ? true : undefined,
        'aria-describedby': error ? id(`${name}-error`) : undefined,
      },
    };
  };
  const organizer = field('organizer_id');
  const title = field('title');
  const start = field('start_date');
  const end = field('end_date');
  const timezone = field('timezone');
  const currency = field('currency');
  const description = field('description');
  const zoneHelp = intl.formatMessage(m.dateHelp, { timeZone: values.timezone });

  return (
    <DialogForm
      onSubmit={onSubmit}
      onCancel={onClose}
      pending={mutation.isPending}
      submitText={m.submit}
      cancelText={m.cancel}
      failure={{ error: mutation.error, fields: FIELDS, title: m.failed }}
    >
      <FormGroup
        label={intl.formatMessage(m.organizer)}
        labelFor={id('organizer_id')}
        labelInfo={intl.formatMessage(m.required)}
        intent={organizer.intent}
        helperText={
          organizer.helper ??
          (organizers.data?.data.length === 0 ? intl.formatMessage(m.noOrganizers) : undefined)
        }
      >
        <div className="create-event-dialog__organizer">
          <HTMLSelect
            id={id('organizer_id')}
            value={values.organizer_id}
            onChange={set('organizer_id')}
            fill
            aria-required
            {...organizer.aria}
          >
            {values.organizer_id === '' ? <option value="">—</option> : null}
            {(organizers.data?.data ?? []).map((option) => (
              <option key={option.id} value={option.id}>
                {option.name}
              </option>
            ))}
          </HTMLSelect>
          <Button
            icon="plus"
            text={intl.formatMessage(m.newOrganizer)}
            onClick={() => setCreatingOrganizer(true)}
          />
        </div>
      </FormGroup>
      <OrganizerDialog
        isOpen={creatingOrganizer}
        onClose={() => setCreatingOrganizer(false)}
        onSaved={(saved) => setValues((current) => ({ ...current, organizer_id: saved.id }))}
      />

      <FormGroup
        label={intl.formatMessage(m.eventTitle)}
        labelFor={id('title')}
        labelInfo={intl.formatMessage(m.required)}
        intent={title.intent}
        helperText={title.helper}
      >
        <InputGroup
          id={id('title')}
          value={values.title}
          onChange={set('title')}
          placeholder={intl.formatMessage(m.eventTitlePlaceholder)}
          intent={title.intent}
          autoFocus={Boolean(firstOrganizer)}
          maxLength={TITLE_MAX + 50}
          aria-required
          {...title.aria}
        />
      </FormGroup>

      <div className="form-row">
        <FormGroup
          label={intl.formatMessage(m.startDate)}
          labelFor={id('start_date')}
          labelInfo={intl.formatMessage(m.required)}
          intent={start.intent}
          helperText={start.helper ?? zoneHelp}
        >
          <InputGroup
            id={id('start_date')}
            type="datetime-local"
            value={values.start}
            onChange={set('start')}
            intent={start.intent}
            aria-required
            {...start.aria}
          />
        </FormGroup>
        <FormGroup
          label={intl.formatMessage(m.endDate)}
          labelFor={id('end_date')}
          labelInfo={intl.formatMessage(m.optional)}
          intent={end.intent}
          helperText={end.helper ?? zoneHelp}
        >
          <InputGroup
            id={id('end_date')}
            type="datetime-local"
            value={values.end}
            min={values.start || undefined}
            onChange={set('end')}
            intent={end.intent}
            {...end.aria}
          />
        </FormGroup>
      </div>

      <div className="form-row">
        <FormGroup
          label={intl.formatMessage(m.timeZone)}
          labelFor={id('timezone')}
          intent={timezone.intent}
          helperText={timezone.helper}
        >
          <HTMLSelect
            id={id('timezone')}
            value={values.timezone}
            onChange={set('timezone')}
            fill
            {...timezone.aria}
          >
            {zones.map((zone) => (
              <option key={zone} value={zone}>
                {zone.replace(/_/g, ' ')}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
        <FormGroup
          label={intl.formatMessage(m.currency)}
          labelFor={id('currency')}
          intent={currency.intent}
          helperText={currency.helper}
        >
          <HTMLSelect
            id={id('currency')}
            value={values.currency}
            onChange={set('currency')}
            options={currencies}
            fill
            {...currency.aria}
          />
        </FormGroup>
      </div>

      <FormGroup
        label={intl.formatMessage(m.description)}
        labelFor={id('description')}
        labelInfo={intl.formatMessage(m.optional)}
        intent={description.intent}
        helperText={description.helper}
      >
        <RichTextEditor
          id={id('description')}
          label={intl.formatMessage(m.description)}
          value={values.description}
          onChange={(html) => setValues((current) => ({ ...current, description: html }))}
          invalid={description.intent === 'danger'}
          describedBy={description.aria['aria-describedby']}
        />
      </FormGroup>
    </DialogForm>
  );
}
