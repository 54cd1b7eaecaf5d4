import { describe, expect, it } from 'vitest';
import {
  atLeast,
  atMost,
  doorTargets,
  onsaleTargets,
  percentileOf,
  queueFigures,
  type OnsaleFigures,
} from './targets';

const times = (value: number, count: number) => Array.from({ length: count }, () => value);

describe('verdicts', () => {
  it('holds at the limit and misses past it, or when nothing was measured', () => {
    expect(atMost(2, 2)).toBe('ok');
    expect(atMost(2.01, 2)).toBe('MISSED');
    expect(atMost(Number.NaN, 2)).toBe('MISSED');
    expect(atLeast(0.2, 0.2)).toBe('ok');
    expect(atLeast(0.19, 0.2)).toBe('MISSED');
    expect(atLeast(1, Number.NaN)).toBe('MISSED');
  });

  it('takes percentiles of unsorted values', () => {
    expect(percentileOf([5, 1, 3, 2, 4], 50)).toBe(3);
    expect(percentileOf([...times(1, 99), 100], 99)).toBe(100);
    expect(percentileOf([], 50)).toBeNaN();
  });
});

describe('the door targets', () => {
  const figures = {
    alone: [...times(1.5, 99), 5],
    healthAlone: [...times(0.8, 99), 2],
    paced: { devices: 20, scansPerSecond: 80, latencies: [...times(3, 99), 14] },
    pacedHealth: [...times(1, 99), 10],
    fdatasync: times(0.4, 10),
    idleCommit: [...times(0.6, 99), 1.5],
  };

  it('holds when a lone scan is within 2 ms (p50) and 6 ms (p99) and the paced p99 within healthz p99 + 5 ms', () => {
    expect(doorTargets(figures).map((row) => row.verdict)).toEqual(['ok', 'ok', 'ok']);
  });

  it("names the same run's floor beside the lone scan: a lone /healthz plus an idle durable commit", () => {
    expect(doorTargets(figures)[0]!.baseline).toBe(
      'GET /healthz alone p50 0.80 ms + idle SQLite commit p50 0.60 ms = 1.40 ms; fdatasync 512 B p50 0.40 ms',
    );
    expect(doorTargets(figures)[1]!.baseline).toBe(
      'GET /healthz alone p99 2.00 ms + idle SQLite commit p99 1.50 ms = 3.50 ms; fdatasync 512 B p99 0.40 ms',
    );
  });

  it('misses each target on its own', () => {
    expect(doorTargets({ ...figures, alone: times(2.5, 100) }).map((row) => row.verdict)).toEqual([
      'MISSED',
      'ok',
      'ok',
    ]);
    expect(doorTargets({ ...figures, alone: [...times(1, 98), 7, 7] })[1]!.verdict).toBe('MISSED');
    // 16 ms against a healthz p99 of 10 ms in the same run: over the 5 ms allowed.
    const slow = { ...figures.paced, latencies: [...times(3, 98), 16, 16] };
    expect(doorTargets({ ...figures, paced: slow })[2]).toMatchObject({
      verdict: 'MISSED',
      limit: '<= healthz p99 + 5 ms = 15.00 ms',
    });
  });

  it('misses what was not measured', () => {
    const none = { ...figures, alone: [], paced: { ...figures.paced, latencies: [] } };
    expect(doorTargets(none).map((row) => row.verdict)).toEqual(['MISSED', 'MISSED', 'MISSED']);
  });
});

describe('the on-sale targets', () => {
  const run = (buyers: number, figures: Partial<OnsaleFigures> = {}): OnsaleFigures => ({
    storage: 'sqlite',
    run: 'throughput',
    buyers,
    completedPerSecond: 500,
    commandsPerOrder: 5,
    p50: 100,
    p99: 250,
    idleRssMb: 160,
    peakRssMb: 280,
    serverCpuMsPerOrder: 2.5,
    ...figures,
  });

  it('reads orders/s as a share of the command handler allowance of the same run', () => {
    // 10,000 cmd/s ÷ 5 commands = 2,000 orders/s allowed; 500 is 0.25 of it.
    const rows = onsaleTargets([run(50), run(500)], { sqlite: 10_000 });
    expect(rows.map((row) => row.verdict)).toEqual(['ok', 'ok', 'ok', 'ok', 'ok']);
    expect(rows[0]!.measured).toBe('500 orders/s = 0.250');
    const slow = onsaleTargets([run(50, { completedPerSecond: 300 }), run(500)], { sqlite: 10_000 });
    expect(slow[0]!.verdict).toBe('MISSED');
  });

  it('misses CPU per order, spread and peak RSS past their limits, per storage', () => {
    const rows = onsaleTargets(
      [
        run(50, { storage: 'postgres', serverCpuMsPerOrder: 5.5 }),
        run(500, { storage: 'postgres', p99: 301, serverCpuMsPerOrder: 6.5, peakRssMb: 301 }),
      ],
      { postgres: 2_500 },
    );
    expect(rows.map((row) => row.verdict)).toEqual(['ok', 'ok', 'MISSED', 'MISSED', 'MISSED']);
    expect(rows.at(-1)!.baseline).toBe('idle, settled: 160 MB');
  });

  it('misses the 500-buyer targets of a run that did not measure them', () => {
    const rows = onsaleTargets([run(50)], { sqlite: 10_000 });
    expect(rows.slice(-2).map((row) => [row.measured, row.verdict])).toEqual([
      ['not measured', 'MISSED'],
      ['not measured', 'MISSED'],
    ]);
  });
});

describe("the waiting room's queue figures", () => {
  it('counts the pairs numbered against the order they asked in, and who was overtaken by more than a batch', () => {
    // Sent in the order a, b, c, d, e; b and c were numbered the wrong way round, e jumped ahead of a by 4.
    const joins = [
      { sentAt: 0, number: 5 },
      { sentAt: 1, number: 3 },
      { sentAt: 2, number: 2 },
      { sentAt: 3, number: 4 },
      { sentAt: 4, number: 1 },
    ];
    const figures = queueFigures(joins, [100, 200, 300], 2);
    // (5,3) (5,2) (5,4) (5,1) (3,2) (3,1) (2,1) (4,1)
    expect(figures.inversions).toBe(8);
    // 5 is more than 2 after the later-sent 1; 3 and 4 are 2 and 3 after it: 4 counts, 3 does not.
    expect(figures.overtakenBeyondBatch).toBe(2);
    expect([figures.joined, figures.admitted, figures.waitP50]).toEqual([5, 3, 200]);
  });

  it('finds nothing out of order in a queue numbered as it arrived', () => {
    const joins = Array.from({ length: 50 }, (_, index) => ({ sentAt: index, number: index + 1 }));
    expect(queueFigures(joins, [], 10)).toMatchObject({ inversions: 0, overtakenBeyondBatch: 0 });
  });
});
