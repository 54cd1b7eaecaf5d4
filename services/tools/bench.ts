import { randomUUID } from 'node:crypto';
import { benchAdapters, benchEventStore } from '../eventstore/bench';
import { CEILING_WRITERS, commandsPerSecond } from '../../loadtests/commandCeiling';
import { benchPublicPages } from '../../loadtests/publicPages';
import { benchOnsale } from '../../loadtests/onsale';
import { benchCheckIn } from '../../loadtests/checkin';
import { benchDashboard } from '../../loadtests/dashboard';
import { benchStartup } from '../../loadtests/startup';
import { benchScaleout } from '../../loadtests/scaleout';
import { benchWeb } from '../../loadtests/web';
import { benchReplay } from '../../loadtests/replay';

/**
 * `npm run bench -- <suite> [--option=value]` (options go to the suite). Figures are ratios against baselines measured in the same run, on this machine;
 * they are for comparison, never promises.
 */
const suites: Record<string, () => Promise<void>> = {
  async eventstore() {
    await benchEventStore();
    await benchCommandThroughput();
  },
  'public-pages': benchPublicPages,
  onsale: benchOnsale,
  checkin: benchCheckIn,
  dashboard: benchDashboard,
  startup: benchStartup,
  scaleout: benchScaleout,
  web: benchWeb,
  async replay() {
    await benchReplay();
  },
};

const COMMANDS_PER_WRITER: Record<string, number> = { sqlite: 200, postgres: 60, esdb: 30 };

/**
 * Commands through the command handler (load, decide, append) with 50 concurrent writers: on 50 distinct
 * streams, then all on one hot stream, where the per-stream queue batches them.
 */
async function benchCommandThroughput(): Promise<void> {
  const rows: Record<string, string>[] = [];
  for await (const adapter of benchAdapters()) {
    try {
      const perWriter = COMMANDS_PER_WRITER[adapter.name] ?? 30;
      const run = randomUUID().slice(0, 8);
      const distinct = await commandsPerSecond(
        adapter.store,
        (writer) => `inventory-${run}-d${writer}`,
        perWriter,
      );
      const hot = await commandsPerSecond(adapter.store, () => `inventory-${run}-hot`, perWriter);
      const ratio = hot / distinct;
      rows.push({
        adapter: adapter.name,
        'commands (each run)': (CEILING_WRITERS * perWriter).toLocaleString('en-US'),
        'distinct streams cmd/s': Math.round(distinct).toLocaleString('en-US'),
        'one hot stream cmd/s': Math.round(hot).toLocaleString('en-US'),
        'hot/distinct': `${ratio.toFixed(2)}x`,
        target: `>= 0.5x ${ratio >= 0.5 ? 'ok' : 'MISSED'}`,
      });
    } finally {
      await adapter.cleanup();
    }
  }
  console.log('\nCommand handler: 50 concurrent writers, one command each at a time');
  console.table(rows);
}

const requested = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
const names = requested.length > 0 ? requested : Object.keys(suites);
for (const name of names) {
  const suite = suites[name];
  if (!suite) {
    console.error(`unknown benchmark "${name}"; known: ${Object.keys(suites).join(', ')}`);
    process.exit(2);
  }
  console.log(`\n=== bench: ${name}`);
  await suite();
}
