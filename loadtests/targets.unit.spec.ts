import { describe, expect, it } from 'vitest';
import { doorTargets, rushTargets, type RushRun } from './targets';

const run = (overrides: Partial<RushRun>): RushRun => ({
  storage: 'sqlite',
  run: 'throughput',
  buyers: 50,
  completedPerSecond: 500,
  p50: 1000,
  p99: 2500,
  peakRssMb: 280,
  serverCpuMsPerOrder: 2.5,
  commandsPerOrder: 5,
  ...overrides,
});

describe('rush targets', () => {
  it('holds a run that meets every target, against the command handler measured in the same run', () => {
    const rows = rushTargets([run({}), run({ buyers: 500, run: 'sell-out' })], 'sqlite', 10_000);
    expect(rows.map((row) => row.verdict)).toEqual(['ok', 'ok', 'ok', 'ok']);
    // 10,000 cmd/s ÷ 5 commands = 2,000 orders/s allowed; 500 is a quarter of it.
    expect(rows[0]?.measured).toBe('500 orders/s = 0.250 of it');
  });

  it('says MISSED for each target a run misses', () => {
    const rows = rushTargets(
      [
        run({ completedPerSecond: 300, serverCpuMsPerOrder: 3.2 }),
        run({ buyers: 500, p99: 3100, peakRssMb: 301 }),
      ],
      'sqlite',
      10_000,
    );
    expect(rows.map((row) => [row.target.split(':')[1]?.trim().split(' ')[0], row.verdict])).toEqual([
      ['completed', 'MISSED'],
      ['server', 'MISSED'],
      ['order', 'MISSED'],
      ['peak', 'MISSED'],
    ]);
  });

  it('allows PostgreSQL twice the CPU, and leaves out what was not measured', () => {
    const rows = rushTargets([run({ storage: 'postgres', serverCpuMsPerOrder: 5.5 })], 'postgres', undefined);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.verdict).toBe('ok');
  });
});

describe('door targets', () => {
  const door = {
    alone: { p50: 1.8, p99: 5.5 },
    healthAlone: { p50: 1.2, p99: 2 },
    fdatasync: { p50: 0.3, p99: 0.7 },
    paced: { scansPerSecond: 80, devices: 20, scan: { p50: 3, p99: 15.9 }, health: { p50: 2, p99: 11 } },
  };

  it('holds the single device at 2 ms / 6 ms and the paced door within 5 ms of /healthz', () => {
    expect(doorTargets(door).map((row) => row.verdict)).toEqual(['ok', 'ok', 'ok']);
  });

  it('says MISSED beyond each limit', () => {
    const rows = doorTargets({
      ...door,
      alone: { p50: 2.1, p99: 6.1 },
      paced: { ...door.paced, scan: { p50: 3, p99: 16.1 } },
    });
    expect(rows.map((row) => row.verdict)).toEqual(['MISSED', 'MISSED', 'MISSED']);
    expect(rows[2]?.baseline).toContain('limit 16.00 ms');
  });
});
