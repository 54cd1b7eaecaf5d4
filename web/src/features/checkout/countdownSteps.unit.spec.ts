import { describe, expect, it } from 'vitest';
import { clockText, spokenStep, warningLeadMs } from './countdownSteps';

const s = 1_000;
const min = 60 * s;

describe('the reservation countdown', () => {
  it('shows minutes and seconds, rounded up', () => {
    expect(clockText(15 * min)).toBe('15:00');
    expect(clockText(61 * s - 1)).toBe('1:01');
    expect(clockText(0)).toBe('0:00');
    expect(clockText(-5)).toBe('0:00');
    expect(clockText(65 * min)).toBe('1:05:00');
  });

  it('speaks only at a few steps', () => {
    const spoken = new Set<string>();
    for (let left = 15 * min; left > 0; left -= s) {
      const step = spokenStep(left);
      spoken.add(`${step.value} ${step.unit}`);
    }
    expect([...spoken]).toEqual(['15 minute', '10 minute', '5 minute', '2 minute', '1 minute', '30 second']);
  });

  it('warns 2 minutes before the end, or halfway through a short reservation', () => {
    expect(warningLeadMs(15 * min)).toBe(2 * min);
    expect(warningLeadMs(min)).toBe(30 * s);
    expect(warningLeadMs(4 * s)).toBe(10 * s);
  });
});
