/**
 * `npm run projections:parked [-- list]`: the events projections parked because a handler could not apply
 * them (docs/projections.md). `-- retry <id>...` applies them again (after a fix), `-- skip <id>...` gives
 * up on them for good. Reads DATA_DIR, DATABASE_URL, EVENTSTORE and PUBLIC_URL like the application.
 */
import { systemClock } from '../../services/kit/clock';
import { readAppConfig } from '../../services/kit/config';
import { mailReactor } from '../../services/worker/mailReactor';
import { allProjections } from '../index';
import { runCommand, withApplicationStorage } from './cli';
import { listParked, retryParked, skipParked } from './parked';

const usage = 'usage: npm run projections:parked [-- list | retry <id>... | skip <id>...]';

async function main(args: readonly string[]): Promise<number> {
  const [command = 'list', ...rest] = args;
  const ids = rest.map(Number);
  if (!['list', 'retry', 'skip'].includes(command) || ids.some((id) => !Number.isInteger(id) || id < 1)) {
    console.error(usage);
    return 2;
  }
  if (command !== 'list' && ids.length === 0) {
    console.error(`${command} needs the ids shown by list\n${usage}`);
    return 2;
  }
  return withApplicationStorage(async (db, openStore) => {
    if (command === 'list') {
      const parked = await listParked(db);
      if (parked.length === 0) console.log('no parked events');
      for (const event of parked) {
        console.log(
          `#${event.id} ${event.projection} position ${event.position} ${event.eventType} ` +
            `(stream ${event.stream}, event ${event.eventId}), ${event.attempts} attempt(s), ` +
            `parked ${event.parkedAt?.toISOString() ?? '?'}\n    ${event.error.split('\n')[0]}`,
        );
      }
      return 0;
    }
    if (command === 'skip') {
      let missing = 0;
      for (const id of ids) {
        const skipped = await skipParked(db, id);
        if (skipped)
          console.log(`#${id} skipped: ${skipped.projection} will never apply position ${skipped.position}`);
        else {
          console.error(`#${id} is not parked`);
          missing++;
        }
      }
      return missing > 0 ? 1 : 0;
    }
    const store = await openStore();
    // Every runner's projections: the application's and the worker's reactors.
    const projections = [...allProjections, mailReactor({ publicUrl: readAppConfig(process.env).publicUrl })];
    let failed = 0;
    for (const id of ids) {
      const outcome = await retryParked(store, db, projections, id, systemClock.now());
      if (!outcome) {
        console.error(`#${id} is not parked`);
        failed++;
      } else if (outcome.outcome === 'applied') console.log(`#${id} applied`);
      else {
        console.error(`#${id} failed again: ${outcome.error}`);
        failed++;
      }
    }
    return failed > 0 ? 1 : 0;
  });
}

runCommand(main);
