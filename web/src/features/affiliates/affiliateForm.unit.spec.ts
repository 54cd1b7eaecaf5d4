import { describe, expect, it } from 'vitest';
import { affiliateDialogMessages as m } from './messages';
import { affiliateLink, initialValues, toCreateRequest, toUpdateRequest, validate } from './affiliateForm';

describe('affiliate form', () => {
  it('starts empty and active, or from the affiliate being edited', () => {
    expect(initialValues(null)).toEqual({ code: '', name: '', email: '', status: 'ACTIVE' });
  });
  it('checks the code, the name and the email as the server does', () => {
    expect(validate({ code: 'AB', name: ' ', email: 'nope', status: 'ACTIVE' })).toEqual({
      code: m.codeLength,
      name: m.nameRequired,
      email: m.emailInvalid,
    });
    expect(validate({ code: 'RADIO 1', name: 'Radio', email: '', status: 'ACTIVE' })).toEqual({
      code: m.codeCharacters,
    });
    expect(validate({ code: 'RADIO-1', name: 'Radio', email: 'a@b.co', status: 'ACTIVE' })).toEqual({});
  });
  it('sends a trimmed request, no email as null, and never the code on an edit', () => {
    const values = { code: ' radio-1 ', name: ' Radio ', email: ' ', status: 'INACTIVE' };
    expect(toCreateRequest(values)).toEqual({
      code: 'radio-1',
      name: 'Radio',
      email: null,
      status: 'INACTIVE',
    });
    expect(toUpdateRequest(values)).toEqual({ name: 'Radio', email: null, status: 'INACTIVE' });
  });
  it('builds the attributing link', () => {
    expect(affiliateLink('https://t.example', '/event/ev_1/gala', 'RADIO-1')).toBe(
      'https://t.example/event/ev_1/gala?aff=RADIO-1',
    );
  });
});
