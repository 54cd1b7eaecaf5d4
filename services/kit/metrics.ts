import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { ProjectionLag } from '../../projections/runner/types';

/** Prometheus metrics: request latency, command conflicts, projection lag, failures and parked events. */
export interface Metrics {
  registry: Registry;
  requestDuration: Histogram<'method' | 'route' | 'status'>;
  commandConflicts: Counter<'stream_category'>;
  commands: Counter<'stream_category'>;
  observeLag(lags: ProjectionLag[]): void;
  /** Parked events of every runner (the worker's reactors too); projections absent from `counts` have none. */
  observeParked(counts: ReadonlyMap<string, number>, projections: readonly string[]): void;
}

export function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requestDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request latency',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const commandConflicts = new Counter({
    name: 'command_conflicts_total',
    help: 'Appends that met a concurrent writer and were retried',
    labelNames: ['stream_category'] as const,
    registers: [registry],
  });
  const commands = new Counter({
    name: 'commands_total',
    help: 'Commands taken by the command handler (decided, then appended or refused)',
    labelNames: ['stream_category'] as const,
    registers: [registry],
  });
  const lagPositions = new Gauge({
    name: 'projection_lag_positions',
    help: 'Head position minus the projection checkpoint',
    labelNames: ['projection'] as const,
    registers: [registry],
  });
  const lagAge = new Gauge({
    name: 'projection_last_event_age_seconds',
    help: 'Age of the last event the projection committed',
    labelNames: ['projection'] as const,
    registers: [registry],
  });
  const failed = new Gauge({
    name: 'projection_failed',
    help: '1 when the projection stopped on a failing event',
    labelNames: ['projection'] as const,
    registers: [registry],
  });
  const parked = new Gauge({
    name: 'projection_parked_events',
    help: 'Events the projection could not apply and went on past (npm run projections:parked)',
    labelNames: ['projection'] as const,
    registers: [registry],
  });
  return {
    registry,
    requestDuration,
    commandConflicts,
    commands,
    observeLag(lags) {
      for (const lag of lags) {
        lagPositions.set({ projection: lag.projection }, Number(lag.behind));
        if (lag.lastEventAgeMs !== null)
          lagAge.set({ projection: lag.projection }, lag.lastEventAgeMs / 1000);
        failed.set({ projection: lag.projection }, lag.status === 'failed' ? 1 : 0);
      }
    },
    observeParked(counts, projections) {
      parked.reset();
      for (const projection of projections) parked.set({ projection }, 0);
      for (const [projection, count] of counts) parked.set({ projection }, count);
    },
  };
}

/** `event-ev_123` → `event`: label values must stay few. */
export function streamCategory(stream: string): string {
  const dash = stream.indexOf('-');
  return dash === -1 ? stream : stream.slice(0, dash);
}
