// k6 twin of `npm run bench -- onsale`, for machines that have k6 (it is not installable here). Both read the
// one scenario definition, loadtests/scenarios/onsale.json: each buyer reserves 1 to 4 of the event's free
// tickets, gives the details and completes the order. Prepare the event as loadtests/onsale.ts does (three free
// tickets under one capacity assignment, its waiting room off, live), start the instance with TRUST_PROXY=1 (each iteration is another
// person, from an address of its own in X-Forwarded-For, so the per-address reservation limits meet many
// buyers, as they would in a real rush), then:
//   BASE_URL=http://localhost:3000 EVENT_ID=ev_… TICKET_IDS=tk_a,tk_b,tk_c BUYERS=500 k6 run loadtests/k6/onsale.js
// With the event's waiting room on (as `ONSALE_WAITING_ROOM=<checkouts> npm run bench -- onsale` runs it), add
// WAITING_ROOM=on: each person takes a number, looks at its place every 3 s (as the event page does) until admitted,
// then reserves with it.
import http from 'k6/http';
import { check, sleep } from 'k6';
import exec from 'k6/execution';
import { Counter, Trend } from 'k6/metrics';
import { textSummary } from 'https://jslib.k6.io/k6-summary/0.0.2/index.js';

const scenario = JSON.parse(open('../scenarios/onsale.json'));
const base = __ENV.BASE_URL || 'http://localhost:3000';
const eventId = __ENV.EVENT_ID;
const ticketIds = (__ENV.TICKET_IDS || '').split(',').filter(Boolean);
const run = scenario.runs.find((candidate) => candidate.name === (__ENV.RUN || 'throughput'));
const throughWaitingRoom = __ENV.WAITING_ROOM === 'on';

const reserved = new Counter('reservations');
const completed = new Counter('completed_orders');
const soldOut = new Counter('sold_out_refusals');
/** A completed order from its reservation to the completion's answer, as loadtests/onsaleBuyers.ts counts it. */
const orderDuration = new Trend('order_duration', true);
/** From taking a number in the waiting room to seeing oneself admitted. */
const waitingRoomWait = new Trend('waiting_room_wait', true);
/** Issue 29's spread target, as `npm run bench -- onsale` prints it (loadtests/targets.ts): p99 ÷ p50 <= 3. */
const P99_OVER_P50 = 3;

export const options = {
  scenarios: {
    onSale: {
      executor: 'constant-vus',
      vus: Number(__ENV.BUYERS || scenario.concurrency[0]),
      duration: `${run.seconds}s`,
    },
  },
  summaryTrendStats: ['avg', 'min', 'med', 'p(95)', 'p(99)', 'max'],
  thresholds: {
    'http_req_duration{step:reserve}': ['p(99)<250'],
    http_req_failed: ['rate<0.01'],
  },
};

function uuid() {
  const hex = '0123456789abcdef';
  let id = '';
  for (let i = 0; i < 32; i++) id += hex[Math.floor(Math.random() * 16)];
  return `${id.slice(0, 8)}-${id.slice(8, 12)}-4${id.slice(13, 16)}-a${id.slice(17, 20)}-${id.slice(20)}`;
}

function basket() {
  const { minTickets, maxTickets } = scenario.buyer;
  const count = minTickets + Math.floor(Math.random() * (maxTickets - minTickets + 1));
  const lines = {};
  for (let unit = 0; unit < count; unit++) {
    const ticketId = ticketIds[Math.floor(Math.random() * ticketIds.length)];
    lines[ticketId] = (lines[ticketId] || 0) + 1;
  }
  return Object.entries(lines).map(([ticket_id, quantity]) => ({ ticket_id, quantity }));
}

/** As the web does: a 503 (`not_ready`: recorded, not yet readable) is sent again, the same request. */
function sendAgainAfter503(send) {
  let response = send();
  for (let attempt = 0; response.status === 503 && attempt < 5; attempt++) {
    sleep(0.2);
    response = send();
  }
  return response;
}

/** This iteration's person: an address of its own, from the VU and its iteration number. */
function address() {
  const n = (exec.vu.idInTest * 65536 + exec.vu.iterationInScenario) % 16777216;
  return `10.${(n >>> 16) & 255}.${(n >>> 8) & 255}.${n & 255}`;
}

/** Takes a number and waits for the turn: the token to reserve with, or null (sold out while waiting). */
function waitForTurn(json, deadline) {
  const room = `${base}/api/public/events/${eventId}/waiting-room`;
  const joinedAt = Date.now();
  const joined = http.post(room, JSON.stringify({ token: null }), { ...json, tags: { step: 'join' } });
  if (!check(joined, { joined: (r) => r.status === 200 })) return null;
  const token = joined.json('data.token');
  let admitted = joined.json('data.admitted');
  while (!admitted && Date.now() < deadline) {
    sleep(3);
    const status = http.get(`${room}?token=${encodeURIComponent(token)}`, {
      ...json,
      tags: { step: 'place' },
    });
    if (status.json('data.sold_out')) return null;
    admitted = status.json('data.place.admitted') === true;
  }
  if (!admitted) return null;
  waitingRoomWait.add(Date.now() - joinedAt);
  return token;
}

const runEndsAt = Date.now() + run.seconds * 1000;

export default function () {
  const lines = basket();
  const json = { headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': address() } };
  if (throughWaitingRoom) {
    const token = waitForTurn(json, runEndsAt);
    if (token === null) return;
    json.headers['X-Waiting-Room-Token'] = token;
  }
  const started = Date.now();
  const units = lines.reduce((sum, line) => sum + line.quantity, 0);
  const orders = `${base}/api/public/events/${eventId}/orders`;
  const reservation = JSON.stringify({ lines, order_id: uuid(), locale: 'en' });
  const reserve = sendAgainAfter503(() =>
    http.post(orders, reservation, {
      ...json,
      tags: { step: 'reserve' },
      responseCallback: http.expectedStatuses(201, 409),
    }),
  );
  if (reserve.status === 409) {
    soldOut.add(1);
    return;
  }
  if (!check(reserve, { reserved: (r) => r.status === 201 })) return;
  reserved.add(1);
  const shortId = reserve.json('data.short_id');
  const person = { first_name: 'Ada', last_name: 'Buyer', email: 'ada@example.org' };
  const detailsBody = JSON.stringify({
    ...person,
    attendees: Array.from({ length: units }, () => person),
    terms_agreed: true,
  });
  const details = sendAgainAfter503(() =>
    http.put(`${orders}/${shortId}/details`, detailsBody, { ...json, tags: { step: 'details' } }),
  );
  if (!check(details, { details: (r) => r.status === 200 })) return;
  const complete = sendAgainAfter503(() =>
    http.post(`${orders}/${shortId}/complete`, JSON.stringify({ payment_method: 'FREE' }), {
      ...json,
      tags: { step: 'complete' },
    }),
  );
  if (check(complete, { completed: (r) => r.status === 200 })) {
    completed.add(1);
    orderDuration.add(Date.now() - started);
  }
}

/** k6's own summary, then the spread target with its verdict (`MISSED` when missed), as the bench prints it. */
export function handleSummary(data) {
  const order = data.metrics.order_duration?.values ?? {};
  const spread = order['p(99)'] / order.med;
  const verdict = Number.isFinite(spread) && spread <= P99_OVER_P50 ? 'ok' : 'MISSED';
  const line =
    `\norder p99 ÷ p50 at ${options.scenarios.onSale.vus} buyers: ${Number(order['p(99)']).toFixed(0)} ÷ ` +
    `${Number(order.med).toFixed(0)} ms = ${spread.toFixed(1)}x (target <= ${P99_OVER_P50}x) ${verdict}\n` +
    `completed orders: ${data.metrics.completed_orders?.values.count ?? 0} ` +
    `(${(data.metrics.completed_orders?.values.rate ?? 0).toFixed(1)}/s)\n`;
  return { stdout: textSummary(data, { indent: ' ', enableColors: true }) + line };
}
