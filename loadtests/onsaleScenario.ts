import { readFileSync } from 'node:fs';

/** `loadtests/scenarios/onsale.json`: the one definition the node benchmark and the k6 twin both read. */
export interface OnsaleScenario {
  event: { title: string; timezone: string; currency: string; startsInDays: number };
  tickets: { title: string; type: 'FREE'; max_per_order: number }[];
  capacityAssignment: { name: string };
  buyer: { minTickets: number; maxTickets: number };
  runs: { name: string; capacity: number; seconds: number }[];
  concurrency: number[];
}

export function readOnsaleScenario(): OnsaleScenario {
  return JSON.parse(
    readFileSync(new URL('./scenarios/onsale.json', import.meta.url), 'utf8'),
  ) as OnsaleScenario;
}

/** What one buyer asks for: 1 to 4 tickets spread over the event's ticket types. */
export function basketOf(
  ticketIds: readonly string[],
  buyer: OnsaleScenario['buyer'],
  random: () => number,
): { ticket_id: string; quantity: number }[] {
  const count = buyer.minTickets + Math.floor(random() * (buyer.maxTickets - buyer.minTickets + 1));
  const basket = new Map<string, number>();
  for (let unit = 0; unit < count; unit++) {
    const ticketId = ticketIds[Math.floor(random() * ticketIds.length)]!;
    basket.set(ticketId, (basket.get(ticketId) ?? 0) + 1);
  }
  return [...basket].map(([ticket_id, quantity]) => ({ ticket_id, quantity }));
}
