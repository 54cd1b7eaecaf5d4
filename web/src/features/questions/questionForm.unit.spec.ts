import { describe, expect, it } from 'vitest';

const ids = (errors: object) =>
  Object.fromEntries(
    Object.entries(errors).map(([field, message]) => [field, (message as { id: string }).id]),
  );
import { initialValues, toRequest, validate } from './questionForm';

const values = { ...initialValues(null), title: 'T-shirt size', type: 'DROPDOWN' };

describe('the question form', () => {
  it('needs at least one filled option for choice types, none for text', () => {
    expect(ids(validate(values, []))).toEqual({
      options: 'questions.dialog.optionsRequired',
    });
    expect(ids(validate(values, ['S', ' ']))).toEqual({
      options: 'questions.dialog.optionEmpty',
    });
    expect(ids(validate(values, ['S', 'M']))).toEqual({});
    expect(ids(validate({ ...values, type: 'SINGLE_LINE_TEXT' }, []))).toEqual({});
    expect(ids(validate({ ...values, title: ' ' }, ['S']))).toEqual({
      title: 'questions.dialog.titleRequired',
    });
  });

  it('sends options only for choice types and every field explicitly', () => {
    expect(toRequest({ ...values, asked_per: 'ATTENDEE', required: 'true' }, [' S ', 'M'], ['ti_1'])).toEqual(
      {
        title: 'T-shirt size',
        description: null,
        type: 'DROPDOWN',
        options: ['S', 'M'],
        required: true,
        hidden: false,
        asked_per: 'ATTENDEE',
        applicable_ticket_ids: ['ti_1'],
      },
    );
    expect(toRequest({ ...values, type: 'DATE' }, ['S'], []).options).toEqual([]);
  });
});
