import { randomUUID } from 'node:crypto';
import { JsonClient } from './jsonClient';
import { basketOf, readOnsaleScenario } from './onsaleScenario';

/**
 * The simulated buyers of one on-sale run, in a process of their own so the server's CPU and memory figures
 * are the server's. Input: ONSALE_* variables; output: one JSON line of counts and latencies on stdout.
 *
 * Each buyer loops: reserve (POST …/orders), give details (PUT …/details), complete (POST …/complete) with
 * FREE (each step sent again after a 503, as the web does), until the run's time is up or, refused for lack of stock, it has tried a single ticket and been
 * refused again (the sell-out run ends when every buyer has met an empty stock).
 *
 * Every order of the loop stands for another person: its requests name an address of their own in
 * X-Forwarded-For (the server trusts one proxy, onsale.ts), so the limits on one address's reservations
 * (README, `RESERVATIONS_PER_CLIENT`, `RESERVATIONS_PER_MINUTE`) meet real buyers, not one loopback client.
 */
const baseUrl = process.env.ONSALE_URL!;
const eventId = process.env.ONSALE_EVENT_ID!;
const ticketIds = process.env.ONSALE_TICKET_IDS!.split(',');
const buyers = Number(process.env.ONSALE_BUYERS);
const seconds = Number(process.env.ONSALE_SECONDS);
/** The event's waiting room is on: each person takes a number, waits for their turn, then reserves with it. */
const throughWaitingRoom = process.env.ONSALE_WAITING_ROOM === 'on';
/**
 * Between two looks at one's place in the queue: as often as the event page looks (`waitingRoomPollMs`, 3 s), or
 * `ONSALE_ROOM_POLL_MS` to press the status route harder.
 */
const WAITING_POLL_MS = Number(process.env.ONSALE_ROOM_POLL_MS) || 3_000;
const scenario = readOnsaleScenario();

interface Step {
  status: number;
  body: { data?: { short_id: string; attendees: unknown[] }; reason?: string };
  ms: number;
}

interface Place {
  number: number;
  admitted: boolean;
}

const http = new JsonClient(baseUrl, buyers);
const started = performance.now();

/** Sends of one step again after a 503, and the pause before each. */
const RETRIES_AFTER_503 = 5;
const RETRY_PAUSE_MS = 200;

let people = 0;
/** The address of the next simulated person: 10.0.0.1, 10.0.0.2, … (over 16 million before one comes back). */
function nextAddress(): string {
  const n = ++people;
  return `10.${(n >>> 16) & 255}.${(n >>> 8) & 255}.${n & 255}`;
}

/**
 * One step of a buyer, as the web sends it: a 503 (`not_ready`: recorded, not yet readable) is sent again, the
 * same request with the same order id, so a retry is never a second order. The step's time includes the retries.
 */
async function call(
  method: string,
  path: string,
  json: unknown,
  address: string,
  headers: Record<string, string> = {},
): Promise<Step> {
  const started = performance.now();
  for (let attempt = 0; ; attempt++) {
    const response = await http.send<Step['body']>(method, `/api/public/events/${eventId}${path}`, json, {
      'User-Agent': 'onsale-bench',
      'X-Forwarded-For': address,
      ...headers,
    });
    if (response.status !== 503 || attempt >= RETRIES_AFTER_503)
      return { status: response.status, body: response.body, ms: performance.now() - started };
    counts.retriedAfter503++;
    await new Promise((resolve) => setTimeout(resolve, RETRY_PAUSE_MS));
  }
}

const reservationMs: number[] = [];
const requestMs: number[] = [];
/** Each person who took a number: when the join was sent (ms since the start), and the number. */
const joins: { sentAt: number; number: number }[] = [];
/** From sending the join to seeing oneself admitted. */
const waitMs: number[] = [];

/**
 * Takes a number and looks at the place until admitted. Answers the token to reserve with, or null when the event
 * sold out while waiting (or the run ended).
 */
async function waitForTurn(address: string, deadline: number): Promise<string | null> {
  type Joined = { data?: Place & { token: string; sold_out: boolean } };
  type Status = { data?: { sold_out: boolean; place: Place | null } };
  const sentAt = performance.now();
  const joined = await http.send<Joined>(
    'POST',
    `/api/public/events/${eventId}/waiting-room`,
    { token: null },
    {
      'X-Forwarded-For': address,
    },
  );
  if (joined.status !== 200 || !joined.body.data) {
    noteError('join', { status: joined.status, body: joined.body as Step['body'], ms: 0 });
    return null;
  }
  const { token, number } = joined.body.data;
  joins.push({ sentAt: sentAt - started, number });
  let admitted = joined.body.data.admitted;
  while (!admitted) {
    if (performance.now() > deadline) return null;
    await new Promise((resolve) => setTimeout(resolve, WAITING_POLL_MS));
    const status = await http.send<Status>(
      'GET',
      `/api/public/events/${eventId}/waiting-room?token=${encodeURIComponent(token)}`,
      undefined,
      { 'X-Forwarded-For': address },
    );
    if (status.body.data?.sold_out) return null;
    admitted = status.body.data?.place?.admitted ?? false;
  }
  waitMs.push(performance.now() - sentAt);
  return token;
}
const counts = {
  reservations: 0,
  refusedSoldOut: 0,
  completed: 0,
  ticketsCompleted: 0,
  errors: 0,
  retriedAfter503: 0,
};
const errorSamples: string[] = [];
const soldOutReasons = new Set(['sold_out', 'capacity_exceeded']);

function noteError(step: string, result: Step) {
  counts.errors++;
  if (errorSamples.length < 5)
    errorSamples.push(`${step} ${result.status} ${JSON.stringify(result.body).slice(0, 200)}`);
}

async function buyer(deadline: number, random: () => number) {
  let soldOutOnce = false;
  while (performance.now() < deadline) {
    const basket = soldOutOnce
      ? [{ ticket_id: ticketIds[0]!, quantity: 1 }]
      : basketOf(ticketIds, scenario.buyer, random);
    const address = nextAddress();
    let pass: Record<string, string> = {};
    if (throughWaitingRoom) {
      const token = await waitForTurn(address, deadline);
      if (token === null) return;
      pass = { 'X-Waiting-Room-Token': token };
    }
    const reserved = await call(
      'POST',
      '/orders',
      { lines: basket, order_id: randomUUID(), locale: 'en' },
      address,
      pass,
    );
    requestMs.push(reserved.ms);
    if (reserved.status === 409 && soldOutReasons.has(reserved.body.reason ?? '')) {
      counts.refusedSoldOut++;
      if (soldOutOnce) return;
      soldOutOnce = true;
      continue;
    }
    if (reserved.status !== 201 || !reserved.body.data) {
      noteError('reserve', reserved);
      continue;
    }
    counts.reservations++;
    reservationMs.push(reserved.ms);
    const order = reserved.body.data;
    const units = basket.reduce((sum, line) => sum + line.quantity, 0);
    const person = { first_name: 'Ada', last_name: 'Buyer', email: 'ada@example.org' };
    const details = await call(
      'PUT',
      `/orders/${order.short_id}/details`,
      { ...person, attendees: Array.from({ length: units }, () => person), terms_agreed: true },
      address,
    );
    requestMs.push(details.ms);
    if (details.status !== 200) {
      noteError('details', details);
      continue;
    }
    const completed = await call(
      'POST',
      `/orders/${order.short_id}/complete`,
      { payment_method: 'FREE' },
      address,
    );
    requestMs.push(completed.ms);
    if (completed.status !== 200) {
      noteError('complete', completed);
      continue;
    }
    counts.completed++;
    counts.ticketsCompleted += units;
  }
}

function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const deadline = started + seconds * 1000;
await Promise.all(Array.from({ length: buyers }, (_, index) => buyer(deadline, seeded(index + 1))));
const elapsedSeconds = (performance.now() - started) / 1000;
http.close();
process.stdout.write(
  `${JSON.stringify({ ...counts, errorSamples, elapsedSeconds, reservationMs, requestMs, joins, waitMs })}\n`,
);
