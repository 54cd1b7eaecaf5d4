import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeWithPostgres } from '../../kit/testing/postgres';
import { ManualClock } from '../../kit/clock';
import { startTestPlatform, type ApiResponse, type StorageKind, type TestPlatform } from '../../api/testing';
import { startSmtpSink, type SmtpSink } from '../../messaging/testing';
import { inventoryDecider, remainingAt } from '../../inventory/inventoryDecider';
import { inventoryStream } from '../../inventory/inventoryEvents';
import { runChain } from '../../kit/workflow';
import { orderDecider } from './orderDecider';
import { orderStream } from './orderEvents';
import { cancelOrder, reactivateAttendee } from './orderWorkflows';

type Problem = { status: number; reason: string; errors?: Record<string, string[]> };
type Attendee = {
  id: string;
  short_id: string;
  order_id: string;
  ticket_id: string;
  status: string;
  payment: string;
  first_name: string | null;
  email: string | null;
  locale: string;
  order_reference: string | null;
  answers: Record<string, unknown>;
  answered_questions: AnsweredQuestion[];
  checked_in_at: string | null;
};
type AnsweredQuestion = { question_id: string; question: string | null; answer: string };
type Actor = { kind: string; name: string | null };
type Order = {
  id: string;
  short_id: string;
  reference: string;
  status: string;
  email: string | null;
  first_name: string | null;
  total: number;
  origin: string;
  refunded_total: number;
  remaining_total: number;
  refundable: boolean;
  amount_paid: number | null;
  attendees: Attendee[];
  history: { type: string; actor: Actor; at: string }[];
  answered_questions: AnsweredQuestion[];
};

function expectProblem(response: ApiResponse, status: number, reason: string): Problem {
  expect(response.status, JSON.stringify(response.body)).toBe(status);
  expect((response.body as Problem).reason).toBe(reason);
  return response.body as Problem;
}

/** Issue 14: the organizer's orders and attendees, on real storage, with mails received by a real SMTP server. */
function ordersAdminSuite(kind: StorageKind) {
  const clock = new ManualClock(new Date('2027-01-10T12:00:00.000Z'));
  let t: TestPlatform;
  let sink: SmtpSink;
  let token: string;
  let organizerId: string;
  const api = () => t.client(token);
  const buyer = () => t.client();

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await startTestPlatform(kind, { clock, config: { smtpUrl: sink.url } });
    token = await t.login(t.admin.email, t.admin.password);
    const organizer = await api()<{ data: { id: string } }>('POST', '/api/organizers', {
      json: { name: 'Harbour Collective' },
    });
    organizerId = organizer.body.data.id;
  });
  afterAll(async () => {
    await t?.close();
    await sink?.close();
  });

  async function shop(quantity: number) {
    const created = await api()<{ data: { id: string } }>('POST', '/api/events', {
      json: {
        organizer_id: organizerId,
        title: 'Harbour Lights',
        start_date: '2027-03-05T18:00:00+01:00',
        timezone: 'Europe/Berlin',
        currency: 'EUR',
      },
    });
    const eventId = created.body.data.id;
    await api()('PUT', `/api/events/${eventId}/settings`, { json: { offline_payments_enabled: true } });
    const ticket = await api()<{ data: { id: string } }>('POST', `/api/events/${eventId}/tickets`, {
      json: { tax_and_fee_ids: [], type: 'PAID', title: 'Seat', price: 2500, quantity },
    });
    expect(ticket.status, JSON.stringify(ticket.body)).toBe(201);
    expect((await api()('PUT', `/api/events/${eventId}/status`, { json: { status: 'LIVE' } })).status).toBe(
      200,
    );
    return { eventId, ticketId: ticket.body.data.id };
  }

  async function buy(eventId: string, ticketId: string, quantity: number, email: string, last = 'Lee') {
    const placed = await buyer()<{ data: { id: string; short_id: string } }>(
      'POST',
      `/api/public/events/${eventId}/orders`,
      { json: { lines: [{ ticket_id: ticketId, quantity }] } },
    );
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const { id, short_id: shortId } = placed.body.data;
    const detailed = await buyer()('PUT', `/api/public/events/${eventId}/orders/${shortId}/details`, {
      json: {
        first_name: 'Ann',
        last_name: last,
        email,
        attendees: Array.from({ length: quantity }, (_, i) => ({
          first_name: `Guest${i}`,
          last_name: last,
          email: `guest${i}.${email}`,
        })),
        terms_agreed: true,
      },
    });
    expect(detailed.status, JSON.stringify(detailed.body)).toBe(200);
    const done = await buyer()('POST', `/api/public/events/${eventId}/orders/${shortId}/complete`, {
      json: { payment_method: 'OFFLINE' },
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    return id;
  }

  const remaining = async (eventId: string, ticketId: string) => {
    const { state } = await t.platform.services.commands.load(inventoryDecider, inventoryStream(eventId));
    return remainingAt(state, clock.now()).tickets[ticketId];
  };
  const orderOf = async (eventId: string, orderId: string) =>
    (await api()<{ data: Order }>('GET', `/api/events/${eventId}/orders/${orderId}`)).body.data;

  it('lists orders by search, status, ticket and date; the detail has totals, origin and the history with actors', async () => {
    const { eventId, ticketId } = await shop(20);
    const first = await buy(eventId, ticketId, 2, 'ann@example.com');
    clock.advance(60_000);
    const second = await buy(eventId, ticketId, 1, 'zoe@example.com', 'Zhang');
    clock.advance(60_000);

    const byEmail = await api()<{ data: Order[]; meta: { total: number } }>(
      'GET',
      `/api/events/${eventId}/orders?query=zoe@EXAMPLE`,
    );
    expect(byEmail.status, JSON.stringify(byEmail.body)).toBe(200);
    expect(byEmail.body.data.map((order) => order.id)).toEqual([second]);
    expect(byEmail.body.data[0]).toMatchObject({
      origin: 'ONLINE',
      refunded_total: 0,
      remaining_total: 2500,
    });

    await api()('POST', `/api/events/${eventId}/orders/${first}/mark-paid`);
    const filtered = await api()<{ data: Order[] }>(
      'GET',
      `/api/events/${eventId}/orders?filter_fields[status][eq]=COMPLETED&filter_fields[ticket_id][eq]=${ticketId}` +
        `&filter_fields[created_at][lt]=2027-01-10T12:00:30.000Z&sort_by=total&sort_direction=asc`,
    );
    expect(filtered.status, JSON.stringify(filtered.body)).toBe(200);
    expect(filtered.body.data.map((order) => order.id)).toEqual([first]);
    const noTicket = await api()<{ data: Order[] }>(
      'GET',
      `/api/events/${eventId}/orders?filter_fields[ticket_id][eq]=tk_unknown1`,
    );
    expect(noTicket.body.data).toEqual([]);
    expectProblem(
      await api()('GET', `/api/events/${eventId}/orders?filter_fields[created_at][like]=2027`),
      400,
      'unsupported_filter',
    );

    const detail = await orderOf(eventId, first);
    expect(detail).toMatchObject({ status: 'COMPLETED', total: 5000, refundable: true, amount_paid: null });
    expect(detail.history.map((entry) => entry.type)).toEqual([
      'OrderPlaced',
      'OrderDetailsSubmitted',
      'OrderAwaitingOfflinePayment',
      'OrderMarkedPaid',
    ]);
    // Who did it, by name (issue 26, item 11): the buyer, then the member who marked it paid.
    expect(detail.history.at(-1)?.actor).toEqual({ kind: 'member', name: 'Admin User' });
    expect(detail.history[0]?.actor).toEqual({ kind: 'buyer', name: null });
  });

  it('shows each answer under its question, on the order and on the attendee, in the order of the questions', async () => {
    const { eventId, ticketId } = await shop(5);
    const question = async (json: Record<string, unknown>) => {
      const created = await api()<{ data: { id: string } }>('POST', `/api/events/${eventId}/questions`, {
        json,
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      return created.body.data.id;
    };
    const heard = await question({
      title: 'How did you hear of us?',
      type: 'SINGLE_LINE_TEXT',
      asked_per: 'ORDER',
    });
    const workshops = await question({
      title: 'Workshops',
      type: 'CHECKBOX',
      options: ['Clay', 'Glass', 'Wood'],
      asked_per: 'ORDER',
    });
    const diet = await question({ title: 'Diet', type: 'SINGLE_LINE_TEXT', asked_per: 'ATTENDEE' });
    const placed = await buyer()<{ data: { id: string; short_id: string } }>(
      'POST',
      `/api/public/events/${eventId}/orders`,
      { json: { lines: [{ ticket_id: ticketId, quantity: 1 }] } },
    );
    const { id: orderId, short_id: shortId } = placed.body.data;
    const detailed = await buyer()('PUT', `/api/public/events/${eventId}/orders/${shortId}/details`, {
      json: {
        first_name: 'Ann',
        last_name: 'Lee',
        email: 'ann@example.com',
        // Answered in another order than the questions': shown in the questions' order.
        answers: { [workshops]: ['Clay', 'Glass'], [heard]: 'A friend' },
        attendees: [
          { first_name: 'Ann', last_name: 'Lee', email: 'ann@example.com', answers: { [diet]: 'Vegan' } },
        ],
        terms_agreed: true,
      },
    });
    expect(detailed.status, JSON.stringify(detailed.body)).toBe(200);
    expect(
      (
        await buyer()('POST', `/api/public/events/${eventId}/orders/${shortId}/complete`, {
          json: { payment_method: 'OFFLINE' },
        })
      ).status,
    ).toBe(200);

    const order = await orderOf(eventId, orderId);
    expect(order.answered_questions).toEqual([
      { question_id: heard, question: 'How did you hear of us?', answer: 'A friend' },
      { question_id: workshops, question: 'Workshops', answer: 'Clay, Glass' },
    ]);
    const attendeeId = order.attendees[0]!.id;
    const attendee = await api()<{ data: Attendee }>('GET', `/api/events/${eventId}/attendees/${attendeeId}`);
    expect(attendee.body.data.answered_questions).toEqual([
      { question_id: diet, question: 'Diet', answer: 'Vegan' },
    ]);
    const listed = await api()<{ data: Attendee[] }>('GET', `/api/events/${eventId}/attendees`);
    expect(listed.body.data[0]?.answered_questions).toEqual(attendee.body.data.answered_questions);

    // A question deleted since: its answer stays, last, without a question.
    expect((await api()('DELETE', `/api/events/${eventId}/questions/${heard}`)).status).toBe(204);
    expect((await orderOf(eventId, orderId)).answered_questions).toEqual([
      { question_id: workshops, question: 'Workshops', answer: 'Clay, Glass' },
      { question_id: heard, question: null, answer: 'A friend' },
    ]);
  });

  it("edits the buyer's details; cancels an order once: stock back, a second cancel is 409 and changes nothing", async () => {
    const { eventId, ticketId } = await shop(5);
    const orderId = await buy(eventId, ticketId, 2, 'ann@example.com');
    expect(await remaining(eventId, ticketId)).toBe(3);

    const edited = await api()<{ data: Order }>('PUT', `/api/events/${eventId}/orders/${orderId}/buyer`, {
      json: { first_name: 'Anne', last_name: 'Lee', email: 'anne@example.com' },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.data).toMatchObject({ first_name: 'Anne', email: 'anne@example.com' });
    expect(edited.body.data.history.at(-1)?.type).toBe('OrderBuyerDetailsChanged');
    const bad = expectProblem(
      await api()('PUT', `/api/events/${eventId}/orders/${orderId}/buyer`, {
        json: { first_name: '', last_name: 'Lee', email: 'nope', total: 0 },
      }),
      400,
      'validation_failed',
    );
    expect(Object.keys(bad.errors ?? {}).sort()).toEqual(['email', 'first_name', 'total']);

    const cancelled = await api()<{ data: Order }>('POST', `/api/events/${eventId}/orders/${orderId}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(await remaining(eventId, ticketId)).toBe(5);
    const head = await t.platform.services.store.head();
    expectProblem(
      await api()('POST', `/api/events/${eventId}/orders/${orderId}/cancel`),
      409,
      'order_cancelled',
    );
    expectProblem(
      await api()('POST', `/api/events/${eventId}/orders/${orderId}/resend-confirmation`),
      409,
      'order_cancelled',
    );
    expect(await t.platform.services.store.head()).toBe(head);
    expect(await remaining(eventId, ticketId)).toBe(5);
  });

  it('resends the confirmation once per request id, to the corrected address', async () => {
    const { eventId, ticketId } = await shop(5);
    const orderId = await buy(eventId, ticketId, 1, 'mia@example.com');
    await api()('PUT', `/api/events/${eventId}/orders/${orderId}/buyer`, {
      json: { first_name: 'Mia', last_name: 'Lee', email: 'mia.new@example.com' },
    });
    const headers = { 'X-Request-Id': 'resend-request-0001' };
    for (let i = 0; i < 2; i++) {
      const resent = await api()<{ data: Order }>(
        'POST',
        `/api/events/${eventId}/orders/${orderId}/resend-confirmation`,
        { headers },
      );
      expect(resent.status, JSON.stringify(resent.body)).toBe(200);
    }
    const mail = await sink.waitFor(
      (m) =>
        m.headers['x-ticketing-template'] === 'order_confirmation' && m.to.includes('mia.new@example.com'),
    );
    expect(mail.to).toEqual(['mia.new@example.com']);
    const detail = await orderOf(eventId, orderId);
    expect(detail.history.filter((entry) => entry.type === 'OrderConfirmationResent')).toHaveLength(1);
  });

  it('edits, cancels and reactivates an attendee with the stock; refuses reactivation without stock and resending to a cancelled attendee', async () => {
    const { eventId, ticketId } = await shop(2);
    const orderId = await buy(eventId, ticketId, 2, 'ann@example.com');
    expect(await remaining(eventId, ticketId)).toBe(0);
    const [attendee] = (await orderOf(eventId, orderId)).attendees;
    const path = `/api/events/${eventId}/attendees/${attendee?.id}`;

    const edited = await api()<{ data: Attendee }>('PUT', path, {
      json: { first_name: 'Gus', last_name: 'Lee', email: 'gus@example.com', locale: 'fr' },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.data).toMatchObject({ first_name: 'Gus', locale: 'fr', checked_in_at: null });
    expect(edited.body.data.order_reference).toMatch(/^[0-9A-Z]{8}$/);
    expectProblem(
      await api()('PUT', path, {
        json: { first_name: 'Gus', last_name: 'Lee', email: 'gus@example.com', locale: 'xx' },
      }),
      400,
      'validation_failed',
    );
    expectProblem(
      await api()('PUT', path, {
        json: {
          first_name: 'Gus',
          last_name: 'Lee',
          email: 'gus@example.com',
          locale: 'fr',
          answers: { qu_nope: 'x' },
        },
      }),
      400,
      'validation_failed',
    );

    const cancelled = await api()<{ data: Attendee }>('POST', `${path}/cancel`);
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body.data.status).toBe('CANCELLED');
    expect(await remaining(eventId, ticketId)).toBe(1);
    expectProblem(await api()('POST', `${path}/cancel`), 409, 'attendee_cancelled');
    expectProblem(await api()('POST', `${path}/resend-ticket`), 409, 'attendee_cancelled');
    expect(await remaining(eventId, ticketId)).toBe(1);

    // Someone takes the freed seat: reactivation finds no stock and changes nothing.
    const other = await buy(eventId, ticketId, 1, 'bob@example.com');
    expect(await remaining(eventId, ticketId)).toBe(0);
    const head = await t.platform.services.store.head();
    expectProblem(await api()('POST', `${path}/reactivate`), 409, 'sold_out');
    expect(await t.platform.services.store.head()).toBe(head);
    expect((await api()<{ data: Attendee }>('GET', path)).body.data.status).toBe('CANCELLED');

    // Once that order is cancelled, the seat is free again and the attendee comes back (stock taken again).
    await api()('POST', `/api/events/${eventId}/orders/${other}/cancel`);
    expect(await remaining(eventId, ticketId)).toBe(1);
    const reactivated = await api()<{ data: Attendee }>('POST', `${path}/reactivate`);
    expect(reactivated.status, JSON.stringify(reactivated.body)).toBe(200);
    expect(reactivated.body.data.status).toBe('ACTIVE');
    expect(await remaining(eventId, ticketId)).toBe(0);
    // Cancelling the reactivated attendee returns the unit of the reactivation; cancelling the order returns the rest.
    await api()('POST', `${path}/cancel`);
    expect(await remaining(eventId, ticketId)).toBe(1);
    await api()('POST', `${path}/reactivate`);
    await api()('POST', `/api/events/${eventId}/orders/${orderId}/mark-paid`);
    const resend = await api()('POST', `${path}/resend-ticket`);
    expect(resend.status, JSON.stringify(resend.body)).toBe(200);
    const resent = await sink.waitFor(
      (m) => m.headers['x-ticketing-template'] === 'order_ticket' && m.to.includes('gus@example.com'),
    );
    // The attendee's own language (set above), not the buyer's English.
    expect(resent.subject).toMatch(/^Votre billet pour /);
    await api()('POST', `/api/events/${eventId}/orders/${orderId}/cancel`);
    expect(await remaining(eventId, ticketId)).toBe(2);
  });

  it("gives back the unit a reactivation took when the order's cancellation wins the race to the order", async () => {
    const { eventId, ticketId } = await shop(2);
    const orderId = await buy(eventId, ticketId, 2, 'race@example.com');
    const [first] = (await orderOf(eventId, orderId)).attendees;
    await api()('POST', `/api/events/${eventId}/attendees/${first?.id}/cancel`);
    expect(await remaining(eventId, ticketId)).toBe(1);

    const { commands } = t.platform.services;
    const loaded = await commands.load(orderDecider, orderStream(orderId));
    if (!loaded.state.exists) throw new Error('the order was not recorded');
    const order = loaded.state;
    const attendee = order.attendees.find((a) => a.attendeeId === first?.id);
    if (!attendee) throw new Error('the attendee was not recorded');
    // The reactivation is planned on the order as loaded; the order is cancelled just before its last step.
    const context = { correlationId: 'race', actor: 'us_race' };
    let rivalDone = false;
    const racing: Pick<typeof commands, 'load' | 'handle' | 'remembered'> = {
      load: (decider, stream) => commands.load(decider, stream),
      remembered: (decider, stream) => commands.remembered(decider, stream),
      handle: async (decider, stream, command, stepContext) => {
        if (stream === orderStream(orderId) && !rivalDone) {
          rivalDone = true;
          await runChain(commands, cancelOrder(order, 'us_rival', clock.now()), context);
        }
        return commands.handle(decider, stream, command, stepContext);
      },
    };
    await expect(
      runChain(racing, reactivateAttendee(order, attendee, 'us_race', clock.now()), context),
    ).rejects.toMatchObject({ reason: 'order_not_cancellable' });
    // The cancellation returned the active attendee's unit; the reactivation's unit came back as well.
    expect(await remaining(eventId, ticketId)).toBe(2);
  });

  it('adds an attendee by hand: a manual, non-refundable order that takes stock; a ticket is required', async () => {
    const { eventId, ticketId } = await shop(1);
    expectProblem(
      await api()('POST', `/api/events/${eventId}/attendees`, {
        json: {
          ticket_id: 'tk_nope1234',
          first_name: 'Max',
          last_name: 'Ray',
          email: 'max@example.com',
          amount_paid: 0,
        },
      }),
      404,
      'ticket_not_found',
    );
    const missing = expectProblem(
      await api()('POST', `/api/events/${eventId}/attendees`, {
        json: { first_name: 'Max', last_name: 'Ray', email: 'max@example.com', amount_paid: -1 },
      }),
      400,
      'validation_failed',
    );
    expect(Object.keys(missing.errors ?? {}).sort()).toEqual(['amount_paid', 'ticket_id']);

    const added = await api()<{ data: Attendee }>('POST', `/api/events/${eventId}/attendees`, {
      json: {
        ticket_id: ticketId,
        first_name: 'Max',
        last_name: 'Ray',
        email: 'max@example.com',
        amount_paid: 1000,
        send_ticket: true,
        locale: 'de',
      },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect(added.body.data).toMatchObject({ status: 'ACTIVE', payment: 'PAID', first_name: 'Max' });
    expect(await remaining(eventId, ticketId)).toBe(0);
    const order = await orderOf(eventId, added.body.data.order_id);
    expect(order).toMatchObject({
      origin: 'MANUAL',
      refundable: false,
      amount_paid: 1000,
      total: 1000,
      status: 'COMPLETED',
    });
    expect(order.history.map((entry) => entry.type)).toEqual([
      'OrderPlaced',
      'ManualOrderRecorded',
      'OrderDetailsSubmitted',
      'OrderCompleted',
    ]);
    const ticketMail = await sink.waitFor(
      (m) => m.headers['x-ticketing-template'] === 'order_ticket' && m.to.includes('max@example.com'),
    );
    expect(ticketMail.subject).toContain('Harbour Lights');
    // A manual order sends no confirmation and no organizer notice.
    const mails = (await t.platform.services.db('mail_outbox').where({ aggregate_id: order.id })) as {
      template: string;
    }[];
    expect(mails.map((mail) => mail.template)).toEqual(['order_ticket']);
    // Asked for, its confirmation is sent.
    const resent = await api()('POST', `/api/events/${eventId}/orders/${order.id}/resend-confirmation`);
    expect(resent.status, JSON.stringify(resent.body)).toBe(200);
    await sink.waitFor(
      (m) => m.headers['x-ticketing-template'] === 'order_confirmation' && m.to.includes('max@example.com'),
    );

    expectProblem(
      await api()('POST', `/api/events/${eventId}/attendees`, {
        json: {
          ticket_id: ticketId,
          first_name: 'Lu',
          last_name: 'Ray',
          email: 'lu@example.com',
          amount_paid: 0,
        },
      }),
      409,
      'sold_out',
    );
  });

  it('exports orders and attendees with answers as CSV and XLSX in the list filters, formulas defused', async () => {
    const { eventId, ticketId } = await shop(10);
    await buy(eventId, ticketId, 1, 'ann@example.com', '=HYPERLINK("http://evil")');
    await buy(eventId, ticketId, 2, 'zoe@example.com', 'Zhang');
    const csv = await fetch(`${t.baseUrl}/api/events/${eventId}/attendees/export?format=csv&query=zhang`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(csv.headers.get('content-disposition')).toContain(`attendees-${eventId}.csv`);
    const lines = (await csv.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toContain('First name,Last name,Email');
    expect(lines.slice(1).every((line) => line.includes('Zhang'))).toBe(true);

    const orders = await fetch(`${t.baseUrl}/api/events/${eventId}/orders/export?format=csv`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const text = await orders.text();
    expect(text).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(text).not.toMatch(/,=HYPERLINK/);

    const xlsx = await fetch(`${t.baseUrl}/api/events/${eventId}/attendees/export?format=xlsx`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(xlsx.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(await xlsx.arrayBuffer()) as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Attendees');
    expect(sheet?.rowCount).toBe(4);
    expect(sheet?.getRow(1).getCell(3).value).toBe('First name');

    expectProblem(
      await api()('GET', `/api/events/${eventId}/orders/export?format=pdf`),
      400,
      'validation_failed',
    );
  });

  it("answers another account's event, order and attendee like unknown ones on every route", async () => {
    const { eventId, ticketId } = await shop(5);
    const orderId = await buy(eventId, ticketId, 1, 'ann@example.com');
    const [attendee] = (await orderOf(eventId, orderId)).attendees;
    const other = await t.otherAccount();
    const stranger = t.client(other.token);
    const routes: [string, string, unknown?][] = [
      ['GET', `/api/events/${eventId}/orders`],
      ['GET', `/api/events/${eventId}/orders/export?format=csv`],
      ['GET', `/api/events/${eventId}/orders/${orderId}`],
      [
        'PUT',
        `/api/events/${eventId}/orders/${orderId}/buyer`,
        { first_name: 'X', last_name: 'Y', email: 'x@example.com' },
      ],
      ['POST', `/api/events/${eventId}/orders/${orderId}/resend-confirmation`],
      ['POST', `/api/events/${eventId}/orders/${orderId}/cancel`],
      ['GET', `/api/events/${eventId}/attendees`],
      ['GET', `/api/events/${eventId}/attendees/export?format=xlsx`],
      [
        'POST',
        `/api/events/${eventId}/attendees`,
        { ticket_id: ticketId, first_name: 'X', last_name: 'Y', email: 'x@example.com', amount_paid: 0 },
      ],
      ['GET', `/api/events/${eventId}/attendees/${attendee?.id}`],
      [
        'PUT',
        `/api/events/${eventId}/attendees/${attendee?.id}`,
        { first_name: 'X', last_name: 'Y', email: 'x@example.com', locale: 'en' },
      ],
      ['POST', `/api/events/${eventId}/attendees/${attendee?.id}/cancel`],
      ['POST', `/api/events/${eventId}/attendees/${attendee?.id}/reactivate`],
      ['POST', `/api/events/${eventId}/attendees/${attendee?.id}/resend-ticket`],
    ];
    for (const [method, path, json] of routes)
      expectProblem(await stranger(method, path, json ? { json } : {}), 404, 'event_not_found');

    // The other account's own event with this account's order and attendee ids: not found either.
    const organizer = await stranger<{ data: { id: string } }>('POST', '/api/organizers', {
      json: { name: 'Theirs' },
    });
    const theirs = await stranger<{ data: { id: string } }>('POST', '/api/events', {
      json: {
        organizer_id: organizer.body.data.id,
        title: 'Theirs',
        start_date: '2027-03-05T18:00:00+01:00',
        timezone: 'Europe/Berlin',
        currency: 'EUR',
      },
    });
    const theirEvent = theirs.body.data.id;
    expectProblem(
      await stranger('GET', `/api/events/${theirEvent}/orders/${orderId}`),
      404,
      'order_not_found',
    );
    expectProblem(
      await stranger('GET', `/api/events/${theirEvent}/attendees/${attendee?.id}`),
      404,
      'attendee_not_found',
    );
    expectProblem(
      await stranger('POST', `/api/events/${theirEvent}/attendees/${attendee?.id}/cancel`),
      404,
      'attendee_not_found',
    );
    expect((await orderOf(eventId, orderId)).status).toBe('AWAITING_PAYMENT');
  });
}

describe('orders admin on SQLite', () => ordersAdminSuite('sqlite'));
describeWithPostgres('orders admin on PostgreSQL', () => ordersAdminSuite('postgres'));
