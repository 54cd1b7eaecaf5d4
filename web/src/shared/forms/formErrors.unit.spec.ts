import { describe, expect, it } from 'vitest';
import { ApiError, NETWORK_ERROR_REASON } from '../api/ApiError';
import { formErrors, unplacedLabel } from './formErrors';

const invalid = (errors: Record<string, string[]>) =>
  new ApiError({ status: 400, reason: 'validation_failed', title: 'Invalid request', errors });

describe('one reading of a failed submission for every form', () => {
  it('puts the server field errors next to the fields the form shows', () => {
    const errors = formErrors(invalid({ title: ['Too long.', 'Not unique.'] }), ['title', 'start']);
    expect(errors.of('title')).toBe('Too long. Not unique.');
    expect(errors.of('start')).toBeNull();
    expect(errors.needsCallout).toBe(false);
  });

  it('lists an error for a field the form has not under that field name', () => {
    const errors = formErrors(invalid({ title: ['Too long.'], colour: ['Unknown field.'] }), ['title']);
    expect(errors.unplaced).toEqual([{ field: 'colour', messages: ['Unknown field.'] }]);
    expect(errors.general).toBe(false);
    expect(errors.needsCallout).toBe(true);
  });

  it('calls a failure without field errors general, and says when it was the network', () => {
    const conflict = formErrors(new ApiError({ status: 409, reason: 'event_archived' }), ['title']);
    expect(conflict).toMatchObject({ general: true, offline: false, needsCallout: true, unplaced: [] });
    const offline = formErrors(new ApiError({ status: 0, reason: NETWORK_ERROR_REASON }), ['title']);
    expect(offline).toMatchObject({ general: true, offline: true });
    expect(formErrors(new Error('boom'), []).general).toBe(true);
  });

  it('says nothing before a submission failed', () => {
    expect(formErrors(null, ['title'])).toMatchObject({ general: false, needsCallout: false, unplaced: [] });
    expect(formErrors(undefined, ['title']).of('title')).toBeNull();
  });

  it('shows form-level errors (`_`) without a field name', () => {
    expect(unplacedLabel('_')).toBeNull();
    expect(unplacedLabel('colour')).toBe('colour');
  });
});
