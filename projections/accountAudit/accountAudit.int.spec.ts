import { afterEach, beforeEach, expect, it } from 'vitest';
import { projectionSpec } from '../runner/projectionSpec';
import { describeEachStorage, type TestStorage } from '../runner/testing';
import { accountAuditProjection, listAccountAudit, type AuditedEvent } from '.';

const at = (minute: number) => `2026-11-02T10:${String(minute).padStart(2, '0')}:00.000Z`;

const eventDetails = {
  description: null,
  startDate: at(0),
  endDate: null,
  timezone: 'Europe/Berlin',
  currency: 'EUR',
  isOnline: false,
  location: null,
};

describeEachStorage('account audit log read model', (open) => {
  let storage: TestStorage;
  beforeEach(async () => {
    storage = await open();
  });
  afterEach(async () => {
    await storage.close();
  });

  it("keeps one row per change in its account, names the entity as it was, and follows an event's children", async () => {
    const { rows, keys } = await projectionSpec<AuditedEvent>(storage, accountAuditProjection)
      .given([
        {
          stream: 'account-ac_1111',
          type: 'AccountCreated',
          data: {
            accountId: 'ac_1111',
            ownerUserId: 'us_1111',
            name: 'Lantern',
            currency: 'EUR',
            timezone: 'Europe/Berlin',
            createdAt: at(1),
          },
        },
        {
          stream: 'event-ev_1111',
          type: 'EventCreated',
          data: {
            ...eventDetails,
            title: 'Jazz night',
            eventId: 'ev_1111',
            accountId: 'ac_1111',
            organizerId: null,
            slug: 'jazz-night',
            createdAt: at(2),
          },
        },
        {
          stream: 'event-ev_1111',
          type: 'EventDetailsUpdated',
          data: { eventId: 'ev_1111', changes: { title: 'Jazz evening', currency: 'USD' }, updatedAt: at(3) },
        },
        {
          stream: 'ticket-tk_1111',
          type: 'TicketCreated',
          data: {
            eventId: 'ev_1111',
            ticketId: 'tk_1111',
            createdAt: at(4),
            type: 'PAID',
            title: 'Standing',
            description: null,
            price: 1500,
            minimumPrice: null,
            tiers: [],
            quantity: null,
            minPerOrder: 1,
            maxPerOrder: null,
            saleStart: null,
            saleEnd: null,
            hidden: false,
            hideBeforeSaleStart: false,
            hideAfterSaleEnd: false,
            hideWhenSoldOut: false,
            hiddenUnlessPromoCode: false,
            showQuantityRemaining: false,
            collapseOnLoad: false,
            taxAndFeeIds: [],
          },
        },
        {
          stream: 'ticket-tk_1111',
          type: 'TicketUpdated',
          data: { eventId: 'ev_1111', ticketId: 'tk_1111', changes: { price: 1800 }, updatedAt: at(5) },
        },
        {
          stream: 'account-ac_1111',
          type: 'MemberRoleChanged',
          data: {
            accountId: 'ac_1111',
            userId: 'us_2222',
            role: 'ADMIN',
            changedBy: 'us_1111',
            changedAt: at(6),
          },
        },
        {
          stream: 'tax-tx_2222',
          type: 'TaxCreated',
          data: {
            accountId: 'ac_2222',
            taxId: 'tx_2222',
            name: 'VAT',
            kind: 'TAX',
            charge: { calculation: 'PERCENTAGE', rate: 19 },
            isDefault: false,
            createdAt: at(7),
          },
        },
        // A ticket of an event the log never saw created belongs to no account it knows.
        {
          stream: 'ticket-tk_3333',
          type: 'TicketDeleted',
          data: { eventId: 'ev_3333', ticketId: 'tk_3333', deletedAt: at(8) },
        },
        {
          stream: 'webhook-wh_1111',
          type: 'WebhookCreated',
          data: {
            webhookId: 'wh_1111',
            eventId: 'ev_1111',
            accountId: 'ac_1111',
            url: 'https://hooks.example.com/in?token=secret',
            eventTypes: ['order.created'],
            secret: 'whsec_x',
            createdBy: 'us_1111',
            createdAt: at(9),
          },
        },
      ])
      .then({ account_audit_log: ['position'], account_audit_names: ['entity_kind', 'entity_id'] });

    const log = rows.account_audit_log as Record<string, unknown>[];
    expect(log.map((row) => [row.account_id, row.event_type, row.entity_kind, row.entity_id])).toEqual([
      ['ac_1111', 'AccountCreated', 'account', 'ac_1111'],
      ['ac_1111', 'EventCreated', 'event', 'ev_1111'],
      ['ac_1111', 'EventDetailsUpdated', 'event', 'ev_1111'],
      ['ac_1111', 'TicketCreated', 'ticket', 'tk_1111'],
      ['ac_1111', 'TicketUpdated', 'ticket', 'tk_1111'],
      ['ac_1111', 'MemberRoleChanged', 'member', 'us_2222'],
      ['ac_2222', 'TaxCreated', 'tax', 'tx_2222'],
      ['ac_1111', 'WebhookCreated', 'webhook', 'wh_1111'],
    ]);
    expect(log[1]).toMatchObject({
      entity_name: 'Jazz night',
      event_title: 'Jazz night',
      actor_kind: 'system',
    });
    expect(log[2]).toMatchObject({ entity_name: 'Jazz evening', fields: 'currency,title' });
    expect(log[4]).toMatchObject({
      entity_name: 'Standing',
      event_id: 'ev_1111',
      event_title: 'Jazz evening',
      fields: 'price',
    });
    expect(log[5]).toMatchObject({ detail: 'ADMIN', entity_name: null });
    // The webhook's address without the token its query carries.
    expect(log[7]).toMatchObject({ entity_name: 'https://hooks.example.com/in' });
    expect(keys).toContain('account:ac_1111');
    expect(keys).toContain('account:ac_2222');
    expect(keys.some((key) => key.includes('ac_3333'))).toBe(false);

    const page = await listAccountAudit(
      storage.db,
      'ac_1111',
      { types: ['TicketCreated', 'TicketUpdated'] },
      {
        page: 1,
        perPage: 1,
      },
    );
    expect(page.total).toBe(2);
    expect(page.rows.map((row) => row.event_type)).toEqual(['TicketUpdated']);
    const other = await listAccountAudit(storage.db, 'ac_2222', {}, { page: 1, perPage: 20 });
    expect(other.rows.map((row) => row.event_type)).toEqual(['TaxCreated']);
  });
});
