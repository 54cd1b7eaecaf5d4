import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { reasonCatalog } from './reasons';

describe('reason codes', () => {
  it('are all documented in docs/reason-codes.md with their status', () => {
    const doc = readFileSync(new URL('../../docs/reason-codes.md', import.meta.url), 'utf8');
    for (const [reason, { status }] of Object.entries(reasonCatalog)) {
      expect(doc, reason).toMatch(new RegExp(`\\|\\s*\`${reason}\`\\s*\\|\\s*${status}\\s*\\|`));
    }
  });

  it('are snake_case and use 4xx statuses for everything a client can cause', () => {
    // The server's own failures, and a payment provider that cannot be reached (a bad gateway, 502).
    const serverSide = new Set(['internal_error', 'not_ready', 'payment_provider_unavailable']);
    for (const [reason, { status }] of Object.entries(reasonCatalog)) {
      expect(reason).toMatch(/^[a-z]+(_[a-z]+)*$/);
      if (!serverSide.has(reason)) expect(status, reason).toBeLessThan(500);
    }
  });
});
