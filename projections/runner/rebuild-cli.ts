/**
 * `npm run projections:rebuild [-- name...]`: replays the event log once into fresh tables for the named
 * projections (all registered ones without names) and swaps them in. Safe while the application runs: its
 * runners pick up the swapped tables from the new checkpoint (see docs/projections.md).
 */
import { readAppConfig } from '../../services/kit/config';
import { createLogger } from '../../services/kit/logger';
import { allProjections } from '../index';
import { runCommand, withApplicationStorage } from './cli';
import { rebuildProjections } from './rebuild';

async function main(names: readonly string[]): Promise<number> {
  const logger = createLogger('info', { component: 'projections:rebuild' });
  const unknown = names.filter((name) => !allProjections.some((projection) => projection.name === name));
  if (unknown.length > 0) {
    const known = allProjections.map((projection) => projection.name).join(', ') || '(none)';
    logger.error(`unknown projection ${unknown.join(', ')}; known: ${known}`);
    return 2;
  }
  const selected =
    names.length > 0
      ? allProjections.filter((projection) => names.includes(projection.name))
      : allProjections;
  if (selected.length === 0) {
    logger.info('no projections are registered; nothing to rebuild');
    return 0;
  }

  return withApplicationStorage(async (db, openStore) => {
    const store = await openStore();
    const { projectionOnError } = readAppConfig(process.env);
    await rebuildProjections(store, db, selected, { logger, onHandlerError: projectionOnError });
    return 0;
  });
}

runCommand(main);
