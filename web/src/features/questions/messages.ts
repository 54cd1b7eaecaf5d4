import { defineMessage, defineMessages } from 'react-intl';
import type { QuestionType } from './api';

export const questionsMessages = defineMessages({
  pageTitle: { id: 'questions.pageTitle', defaultMessage: 'Questions' },
  heading: { id: 'questions.heading', defaultMessage: 'Questions' },
  intro: {
    id: 'questions.intro',
    defaultMessage:
      'What buyers answer at checkout, once per order or for each attendee. First name, last name and email are always asked.',
  },
  create: { id: 'questions.create', defaultMessage: 'New question' },
  tableLabel: { id: 'questions.tableLabel', defaultMessage: 'Questions' },
  columnTitle: { id: 'questions.column.title', defaultMessage: 'Question' },
  columnType: { id: 'questions.column.type', defaultMessage: 'Type' },
  columnAskedPer: { id: 'questions.column.askedPer', defaultMessage: 'Asked' },
  columnFlags: { id: 'questions.column.flags', defaultMessage: 'Settings' },
  columnActions: { id: 'questions.column.actions', defaultMessage: 'Actions' },
  perOrder: { id: 'questions.perOrder', defaultMessage: 'Once per order' },
  perAttendee: { id: 'questions.perAttendee', defaultMessage: 'For each attendee' },
  required: { id: 'questions.required', defaultMessage: 'Required' },
  hidden: { id: 'questions.hidden', defaultMessage: 'Hidden' },
  locked: { id: 'questions.locked', defaultMessage: 'Always asked' },
  lockedLabel: defineMessage<{ title: string }>({
    id: 'questions.lockedLabel',
    defaultMessage: '{title} is always asked and cannot be changed',
  }),
  moveUp: defineMessage<{ title: string }>({ id: 'questions.moveUp', defaultMessage: 'Move {title} up' }),
  moveDown: defineMessage<{ title: string }>({
    id: 'questions.moveDown',
    defaultMessage: 'Move {title} down',
  }),
  sortFailed: { id: 'questions.sortFailed', defaultMessage: 'Failed to sort the questions.' },
  edit: defineMessage<{ title: string }>({ id: 'questions.edit', defaultMessage: 'Edit {title}' }),
  remove: defineMessage<{ title: string }>({ id: 'questions.delete', defaultMessage: 'Delete {title}' }),
  deleteConfirm: defineMessage<{ title: string }>({
    id: 'questions.deleteConfirm',
    defaultMessage: 'Delete “{title}”? Buyers are no longer asked it.',
  }),
  deleteButton: { id: 'questions.deleteButton', defaultMessage: 'Delete' },
  cancel: { id: 'questions.cancel', defaultMessage: 'Cancel' },
  deleted: defineMessage<{ title: string }>({
    id: 'questions.deleted',
    defaultMessage: '“{title}” was deleted.',
  }),
  deleteFailed: { id: 'questions.deleteFailed', defaultMessage: 'The question could not be deleted.' },
  empty: { id: 'questions.empty', defaultMessage: 'No questions yet.' },
  loading: { id: 'questions.loading', defaultMessage: 'Loading questions…' },
  loadFailed: { id: 'questions.loadFailed', defaultMessage: 'The questions could not be loaded.' },
});

export const questionTypeMessages = defineMessages<QuestionType>({
  SINGLE_LINE_TEXT: { id: 'questions.type.singleLine', defaultMessage: 'Single-line text' },
  MULTI_LINE_TEXT: { id: 'questions.type.multiLine', defaultMessage: 'Multi-line text' },
  CHECKBOX: { id: 'questions.type.checkbox', defaultMessage: 'Checkboxes' },
  RADIO: { id: 'questions.type.radio', defaultMessage: 'Radio buttons' },
  DROPDOWN: { id: 'questions.type.dropdown', defaultMessage: 'Dropdown' },
  DATE: { id: 'questions.type.date', defaultMessage: 'Date' },
  ADDRESS: { id: 'questions.type.address', defaultMessage: 'Address' },
});

export const questionDialogMessages = defineMessages({
  createTitle: { id: 'questions.dialog.createTitle', defaultMessage: 'New question' },
  editTitle: { id: 'questions.dialog.editTitle', defaultMessage: 'Edit question' },
  title: { id: 'questions.dialog.title', defaultMessage: 'Question' },
  titleRequired: { id: 'questions.dialog.titleRequired', defaultMessage: 'Enter the question.' },
  titleTooLong: { id: 'questions.dialog.titleTooLong', defaultMessage: 'At most 149 characters.' },
  description: { id: 'questions.dialog.description', defaultMessage: 'Description' },
  type: { id: 'questions.dialog.type', defaultMessage: 'Answer type' },
  options: { id: 'questions.dialog.options', defaultMessage: 'Options' },
  option: defineMessage<{ number: number }>({
    id: 'questions.dialog.option',
    defaultMessage: 'Option {number}',
  }),
  removeOption: defineMessage<{ number: number }>({
    id: 'questions.dialog.removeOption',
    defaultMessage: 'Remove option {number}',
  }),
  addOption: { id: 'questions.dialog.addOption', defaultMessage: 'Add an option' },
  optionsRequired: { id: 'questions.dialog.optionsRequired', defaultMessage: 'Add at least one option.' },
  optionEmpty: { id: 'questions.dialog.optionEmpty', defaultMessage: 'Fill in or remove the empty options.' },
  askedPer: { id: 'questions.dialog.askedPer', defaultMessage: 'Asked' },
  required: { id: 'questions.dialog.required', defaultMessage: 'An answer is required' },
  hidden: { id: 'questions.dialog.hidden', defaultMessage: 'Hidden from buyers (organizer only)' },
  tickets: { id: 'questions.dialog.tickets', defaultMessage: 'Asked for' },
  ticketsHelp: {
    id: 'questions.dialog.ticketsHelp',
    defaultMessage: 'None ticked: asked for every ticket.',
  },
  save: { id: 'questions.dialog.save', defaultMessage: 'Save' },
  cancel: { id: 'questions.dialog.cancel', defaultMessage: 'Cancel' },
  saved: defineMessage<{ title: string }>({
    id: 'questions.dialog.saved',
    defaultMessage: '“{title}” was saved.',
  }),
  failed: { id: 'questions.dialog.failed', defaultMessage: 'The question could not be saved.' },
});
