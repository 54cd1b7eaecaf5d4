import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../../kit/deciderSpec';
import { affiliateDecider, type CreateAffiliate, type UpdateAffiliate } from './affiliateDecider';
import {
  affiliateIdOf,
  type AffiliateCreated,
  type AffiliateDetails,
  type AffiliateEvent,
} from './affiliateEvents';

const now = new Date('2026-11-22T10:00:00.000Z');
const at = now.toISOString();
const spec = deciderSpec(affiliateDecider);
const details = (overrides: Partial<AffiliateDetails> = {}): AffiliateDetails => ({
  name: 'Harbour Radio',
  email: 'promo@harbour.example',
  status: 'ACTIVE',
  ...overrides,
});
const create = (code = 'RADIO-1', overrides: Partial<AffiliateDetails> = {}): CreateAffiliate => ({
  type: 'CreateAffiliate',
  affiliateId: 'af_1',
  eventId: 'ev_1',
  code,
  details: details(overrides),
  now,
});
const created = (overrides: Partial<AffiliateDetails> = {}): AffiliateCreated => ({
  type: 'AffiliateCreated',
  data: { affiliateId: 'af_1', eventId: 'ev_1', code: 'RADIO-1', ...details(overrides), createdAt: at },
});
const update = (changes: Partial<AffiliateDetails>, eventId = 'ev_1'): UpdateAffiliate => ({
  type: 'UpdateAffiliate',
  affiliateId: 'af_1',
  eventId,
  changes,
  now,
});
const deleted: AffiliateEvent = {
  type: 'AffiliateDeleted',
  data: { affiliateId: 'af_1', eventId: 'ev_1', code: 'RADIO-1', deletedAt: at },
};

describe('CreateAffiliate', () => {
  it('records the code upper-cased and the details trimmed', () => {
    spec
      .given([])
      .when(create(' radio-1 ', { name: '  Harbour Radio ', email: ' promo@harbour.example ' }))
      .then([created()]);
  });
  it('keeps no email when none is given', () => {
    spec
      .given([])
      .when(create('RADIO-1', { email: '  ' }))
      .then([created({ email: null })]);
  });
  it('is quiet when the same creation is repeated (a retry)', () => {
    spec.given([created()]).when(create()).thenNothingHappened();
  });
  it('refuses a code another affiliate of the event holds', () => {
    spec
      .given([created()])
      .when(create('radio-1', { name: 'Someone else' }))
      .thenRefused('affiliate_code_taken', ['code']);
  });
  it('lets a deleted code be created again', () => {
    spec.given([created(), deleted]).when(create()).then([created()]);
  });
  it('refuses short, long and unsafe codes, an empty name and a bad email, all at once', () => {
    spec
      .given([])
      .when(create('AB', { name: ' ', email: 'not-an-email' }))
      .thenRefused('validation_failed', ['code', 'name', 'email']);
    spec
      .given([])
      .when(create('A'.repeat(51)))
      .thenRefused('validation_failed', ['code']);
    spec.given([]).when(create('RADIO 1')).thenRefused('validation_failed', ['code']);
    spec
      .given([])
      .when(create('RADIO-1', { name: 'Radio\u0000' }))
      .thenRefused('validation_failed', ['name']);
  });
});

describe('UpdateAffiliate', () => {
  it('records only what changed', () => {
    spec
      .given([created()])
      .when(update({ status: 'INACTIVE', name: 'Harbour Radio' }))
      .then([
        {
          type: 'AffiliateUpdated',
          data: { affiliateId: 'af_1', eventId: 'ev_1', changes: { status: 'INACTIVE' }, updatedAt: at },
        },
      ]);
  });
  it('is quiet when nothing changes', () => {
    spec
      .given([created()])
      .when(update({ name: 'Harbour Radio' }))
      .thenNothingHappened();
  });
  it("answers not found for another event's affiliate or a deleted one", () => {
    spec
      .given([created()])
      .when(update({ name: 'X' }, 'ev_2'))
      .thenRefused('affiliate_not_found');
    spec
      .given([created(), deleted])
      .when(update({ name: 'X' }))
      .thenRefused('affiliate_not_found');
    spec
      .given([])
      .when(update({ name: 'X' }))
      .thenRefused('affiliate_not_found');
  });
});

describe('DeleteAffiliate', () => {
  const remove = (eventId = 'ev_1') => ({
    type: 'DeleteAffiliate' as const,
    affiliateId: 'af_1',
    eventId,
    now,
  });
  it('deletes, and a repeated delete is quiet', () => {
    spec.given([created()]).when(remove()).then([deleted]);
    spec.given([created(), deleted]).when(remove()).thenNothingHappened();
  });
  it("refuses another event's affiliate", () => {
    spec.given([created()]).when(remove('ev_2')).thenRefused('affiliate_not_found');
  });
});

describe('affiliateIdOf', () => {
  it('is one id per event and code, whatever the spelling', () => {
    expect(affiliateIdOf('ev_1', ' radio-1 ')).toBe(affiliateIdOf('ev_1', 'RADIO-1'));
    expect(affiliateIdOf('ev_2', 'RADIO-1')).not.toBe(affiliateIdOf('ev_1', 'RADIO-1'));
    expect(affiliateIdOf('ev_1', 'RADIO-1')).toMatch(/^af_[0-9a-f]{32}$/);
  });
});
