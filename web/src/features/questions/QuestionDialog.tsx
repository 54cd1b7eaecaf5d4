import { Button, Checkbox, HTMLSelect, InputGroup, Radio, RadioGroup, TextArea } from '@blueprintjs/core';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { CheckboxList } from '../../shared/forms/CheckboxList';
import { DialogForm } from '../../shared/forms/FormDialog';
import { FieldGroup, useForm } from '../../shared/forms/useForm';
import { EditorDialog, useSave } from '../../shared/ui/crud';
import type { Ticket } from '../tickets/api';
import { createQuestion, updateQuestion, type Question, type QuestionRequest } from './api';
import { questionDialogMessages as m, questionsMessages, questionTypeMessages } from './messages';
import { FIELDS, QUESTION_TYPES, initialValues, isChoice, toRequest, validate } from './questionForm';
import { questionQueries } from './queries';

/** Create (no `question`) or edit one of the organizer's questions. */
export function QuestionDialog({
  isOpen,
  onClose,
  question,
  eventId,
  tickets,
}: {
  isOpen: boolean;
  onClose: () => void;
  question: Question | null;
  eventId: string;
  tickets: readonly Ticket[];
}) {
  return (
    <EditorDialog
      isOpen={isOpen}
      onClose={onClose}
      editing={question !== null}
      createTitle={m.createTitle}
      editTitle={m.editTitle}
      icon="help"
      className="question-dialog"
    >
      <QuestionForm question={question} eventId={eventId} tickets={tickets} onClose={onClose} />
    </EditorDialog>
  );
}

function QuestionForm({
  question,
  eventId,
  tickets,
  onClose,
}: {
  question: Question | null;
  eventId: string;
  tickets: readonly Ticket[];
  onClose: () => void;
}) {
  const intl = useIntl();
  const [options, setOptions] = useState<string[]>(question?.options.length ? question.options : ['']);
  const [ticketIds, setTicketIds] = useState<string[]>(question?.applicable_ticket_ids ?? []);
  const mutation = useSave({
    save: (request: QuestionRequest) =>
      question ? updateQuestion(eventId, question.id, request) : createQuestion(eventId, request),
    invalidate: questionQueries.list(eventId).queryKey,
    saved: (saved) => intl.formatMessage(m.saved, { title: saved.title }),
    onClose,
  });
  const { values, set, setValues, onSubmit, field, failure } = useForm({
    fields: FIELDS,
    initial: () => initialValues(question),
    validate: (current) => validate(current, options),
    onValid: (current) => mutation.mutate(toRequest(current, options, ticketIds)),
    serverError: mutation.error,
  });
  const flag = (name: 'required' | 'hidden') => (changed: React.FormEvent<HTMLInputElement>) => {
    // Read now: the updater runs later, when the event's currentTarget is gone.
    const checked = changed.currentTarget.checked;
    setValues((current) => ({ ...current, [name]: checked ? 'true' : 'false' }));
  };
  const title = field('title');
  const description = field('description');
  const type = field('type');
  const optionsField = field('options');
  const applicable = field('applicable_ticket_ids');
  // Options are not `set` through the form, so their client error would outlive the fix: shown while it holds.
  const optionsError =
    optionsField.error && (validate(values, options).options !== undefined || mutation.error !== null)
      ? optionsField.error
      : null;
  return (
    <DialogForm
      onSubmit={onSubmit}
      onCancel={onClose}
      pending={mutation.isPending}
      submitText={m.save}
      cancelText={m.cancel}
      failure={{ ...failure, title: m.failed }}
    >
      <FieldGroup view={title} label={intl.formatMessage(m.title)}>
        <InputGroup
          {...title.inputProps}
          autoFocus
          value={values.title}
          onChange={set('title')}
          aria-required
        />
      </FieldGroup>
      <FieldGroup view={description} label={intl.formatMessage(m.description)}>
        <TextArea
          {...description.inputProps}
          fill
          rows={2}
          value={values.description}
          onChange={(changed) => {
            const text = changed.currentTarget.value;
            setValues((current) => ({ ...current, description: text }));
          }}
        />
      </FieldGroup>
      <FieldGroup view={type} label={intl.formatMessage(m.type)}>
        <HTMLSelect {...type.controlProps} fill value={values.type} onChange={set('type')}>
          {QUESTION_TYPES.map((option) => (
            <option key={option} value={option}>
              {intl.formatMessage(questionTypeMessages[option])}
            </option>
          ))}
        </HTMLSelect>
      </FieldGroup>
      {isChoice(values.type) ? (
        <fieldset
          className="checkbox-list question-dialog__options"
          id={optionsField.controlProps.id}
          aria-describedby={optionsError ? optionsField.controlProps['aria-describedby'] : undefined}
        >
          <legend>{intl.formatMessage(m.options)}</legend>
          {options.map((option, index) => {
            const number = index + 1;
            return (
              <div className="question-dialog__option" key={index}>
                <InputGroup
                  aria-label={intl.formatMessage(m.option, { number })}
                  placeholder={intl.formatMessage(m.option, { number })}
                  value={option}
                  onChange={(changed) => {
                    const text = changed.target.value;
                    setOptions((current) => current.map((each, at) => (at === index ? text : each)));
                  }}
                />
                <Button
                  variant="minimal"
                  icon="cross"
                  aria-label={intl.formatMessage(m.removeOption, { number })}
                  title={intl.formatMessage(m.removeOption, { number })}
                  onClick={() => setOptions((current) => current.filter((_each, at) => at !== index))}
                />
              </div>
            );
          })}
          {optionsError ? (
            <p
              className="checkbox-list__error"
              id={optionsField.controlProps['aria-describedby']}
              role="alert"
            >
              {optionsError}
            </p>
          ) : null}
          <Button
            icon="add"
            text={intl.formatMessage(m.addOption)}
            onClick={() => setOptions((current) => [...current, ''])}
          />
        </fieldset>
      ) : null}
      <RadioGroup
        label={intl.formatMessage(m.askedPer)}
        inline
        selectedValue={values.asked_per}
        onChange={(changed) => {
          const value = changed.currentTarget.value;
          setValues((current) => ({ ...current, asked_per: value }));
        }}
      >
        <Radio value="ORDER" label={intl.formatMessage(questionsMessages.perOrder)} />
        <Radio value="ATTENDEE" label={intl.formatMessage(questionsMessages.perAttendee)} />
      </RadioGroup>
      <Checkbox
        checked={values.required === 'true'}
        label={intl.formatMessage(m.required)}
        onChange={flag('required')}
      />
      <Checkbox
        checked={values.hidden === 'true'}
        label={intl.formatMessage(m.hidden)}
        onChange={flag('hidden')}
      />
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
