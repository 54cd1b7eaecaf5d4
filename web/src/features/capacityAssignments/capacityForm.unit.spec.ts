import { describe, expect, it } from 'vitest';

const ids = (errors: object) =>
  Object.fromEntries(
    Object.entries(errors).map(([field, message]) => [field, (message as { id: string }).id]),
  );
import { initialValues, toRequest, validate } from './capacityForm';

describe('the capacity assignment form', () => {
  it('needs a name, a whole capacity and at least one ticket', () => {
    expect(Object.keys(validate(initialValues(null), []))).toEqual(['name', 'capacity', 'ticket_ids']);
    expect(ids(validate({ ...initialValues(null), name: 'Main hall', capacity: '2.5' }, ['ti_1']))).toEqual({
      capacity: 'capacity.dialog.capacityInvalid',
    });
    expect(ids(validate({ ...initialValues(null), name: 'Main hall', capacity: '0' }, ['ti_1']))).toEqual({});
  });

  it('starts enabled and sends the capacity as a number', () => {
    expect(toRequest({ ...initialValues(null), name: ' Main hall ', capacity: '120' }, ['ti_1'])).toEqual({
      name: 'Main hall',
      capacity: 120,
      ticket_ids: ['ti_1'],
      enabled: true,
    });
  });
});
