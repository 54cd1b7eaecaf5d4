// k6 scenario for the storefront rush, for machines that have k6 (it is not installable here; the same
// scenario runs through autocannon with `npm run bench -- public-pages`).
//   BASE_URL=http://localhost:3000 EVENT_ID=ev_… EVENT_SLUG=… k6 run loadtests/k6/public-event.js
import http from 'k6/http';
import { check, sleep } from 'k6';

export const options = {
  scenarios: {
    onSaleRush: {
      executor: 'ramping-vus',
      startVUs: 0,
      stages: [
        { duration: '20s', target: 200 },
        { duration: '40s', target: 200 },
        { duration: '10s', target: 0 },
      ],
    },
  },
  thresholds: {
    http_req_failed: ['rate<0.01'],
    'http_req_duration{page:event}': ['p(95)<300'],
    'http_req_duration{page:api}': ['p(95)<150'],
  },
};

const base = __ENV.BASE_URL || 'http://localhost:3000';
const eventId = __ENV.EVENT_ID;
const slug = __ENV.EVENT_SLUG || 'event';

export default function () {
  const page = http.get(`${base}/event/${eventId}/${slug}`, { tags: { page: 'event' } });
  check(page, { 'event page 200': (r) => r.status === 200 });
  const api = http.get(`${base}/api/public/events/${eventId}`, { tags: { page: 'api' } });
  check(api, { 'event api 200': (r) => r.status === 200 });
  sleep(1);
}
