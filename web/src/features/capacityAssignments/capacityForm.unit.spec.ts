import { describe, expect, it } from 'vitest';
import { initialValues, toRequest, validate } from './capacityForm';

describe('the capacity assignment form', () => {
  it('needs a name, a whole capacity and at least one ticket', () => {
    expect(Object.keys(validate(initialValues(null), []))).toEqual(['name', 'capacity', 'ticket_ids']);
    expect(validate({ ...initialValues(null), name: 'Main hall', capacity: '2.5' }, ['ti_1'])).toEqual({
      capacity: expect.objectContaining({ id: 'capacity.dialog.capacityInvalid' }),
    });
    expect(validate({ ...initialValues(null), name: 'Main hall', capacity: '0' }, ['ti_1'])).toEqual({});
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
