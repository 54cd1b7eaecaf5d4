import { describe, expect, it } from 'vitest';
import { initialValues, toRequest, validate } from './questionForm';

const values = { ...initialValues(null), title: 'T-shirt size', type: 'DROPDOWN' };

describe('the question form', () => {
  it('needs at least one filled option for choice types, none for text', () => {
    expect(validate(values, [])).toEqual({
      options: expect.objectContaining({ id: 'questions.dialog.optionsRequired' }),
    });
    expect(validate(values, ['S', ' '])).toEqual({
      options: expect.objectContaining({ id: 'questions.dialog.optionEmpty' }),
    });
    expect(validate(values, ['S', 'M'])).toEqual({});
    expect(validate({ ...values, type: 'SINGLE_LINE_TEXT' }, [])).toEqual({});
    expect(validate({ ...values, title: ' ' }, ['S'])).toEqual({
      title: expect.objectContaining({ id: 'questions.dialog.titleRequired' }),
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
