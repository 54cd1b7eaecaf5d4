import { describe, expect, it } from 'vitest';
import { auditQueryOf } from './AuditLogPage';

describe('the audit log query from the address bar', () => {
  it('passes the filters on and turns the days into instants of the viewer’s calendar', () => {
    const query = auditQueryOf(
      new URLSearchParams(
        'page=3&actor=us_abcd&entity_kind=tax&type=TaxCreated&from=2026-05-01&to=2026-05-31',
      ),
    );
    expect(query).toMatchObject({ page: '3', per_page: '25', actor: 'us_abcd', entity_kind: 'tax' });
    expect(query.type).toBe('TaxCreated');
    expect(query.from).toBe(new Date(2026, 4, 1).toISOString());
    // Until the end of the last day picked.
    expect(query.to).toBe(new Date(2026, 5, 1).toISOString());
  });

  it('leaves out what is empty or not a day', () => {
    const query = auditQueryOf(new URLSearchParams('actor=&from=soon&to='));
    expect(query).toEqual({ page: '1', per_page: '25' });
  });
});
