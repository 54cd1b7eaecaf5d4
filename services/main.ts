import { readAppConfig, type AppConfig } from './kit/config';
import { createLogger, type Logger } from './kit/logger';
import { readStorageConfig } from '../projections/runner';
import { parseRoles, startPlatform, type Platform } from './api/compose';
import { bootstrapFirstRun } from './api/firstRun';
import { clockMovedByParent } from './kit/parentClock';

/**
 * `npm start`: every role in one process on the embedded default. `--roles=api`, `--roles=projections`,
 * `--roles=worker` (or several, comma-separated) run a part of the platform against shared PostgreSQL read
 * models (docs/decisions/process-roles.md).
 */
async function main(): Promise<void> {
  const rolesArgument = process.argv.find((argument) => argument.startsWith('--roles='));
  const roles = parseRoles(rolesArgument?.slice('--roles='.length) ?? process.env.ROLES);
  const config = readAppConfig();
  const storage = readStorageConfig();
  const logger = createLogger(config.logLevel, { service: 'ticketing', roles: roles.join(',') });
  const clock = clockMovedByParent();
  const platform = await startPlatform(config, storage, { logger, roles, ...(clock ? { clock } : {}) });
  if (!roles.includes('api')) {
    process.stdout.write(
      `\n  Ticketing ${roles.join(' and ')} running; event store: ${storage.eventStore.kind}; read models: ${storage.readModels.kind}\n\n`,
    );
    handleSignals(platform, config, logger);
    return;
  }
  const firstRun = await bootstrapFirstRun(platform.services);
  const { port } = await platform.listen();
  const url = config.publicUrl.includes(`:${config.port}`)
    ? config.publicUrl.replace(`:${config.port}`, `:${port}`)
    : config.publicUrl;

  const lines = [
    '',
    `  Ticketing is running at ${url}`,
    `  Event store: ${storage.eventStore.kind}; read models: ${storage.readModels.kind}; data: ${storage.dataDir}`,
  ];
  if (firstRun) {
    lines.push(`  First run: admin ${firstRun.email}`);
    lines.push(
      firstRun.generatedPassword
        ? `  Password (shown once, set ADMIN_PASSWORD to choose it): ${firstRun.generatedPassword}`
        : '  Password: the one given in ADMIN_PASSWORD',
    );
  }
  lines.push(`  Manage events: ${url}/manage/events`, '');
  process.stdout.write(`${lines.join('\n')}\n`);
  handleSignals(platform, config, logger);
}

/** SIGTERM and SIGINT drain and stop the platform, then exit (1 when the deadline cut connections). */
function handleSignals(platform: Platform, config: AppConfig, logger: Logger): void {
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info('shutting down', { signal, deadlineSeconds: config.shutdownTimeoutSeconds });
    // Should stopping the projections or closing a store hang after the connections are gone, still exit.
    setTimeout(
      () => {
        logger.error('shutdown did not finish; exiting', { signal });
        process.exit(1);
      },
      (config.shutdownTimeoutSeconds + 10) * 1000,
    ).unref();
    platform.close().then(
      ({ deadlineHit }) => {
        if (deadlineHit)
          logger.warn('connections were still open at the shutdown deadline and were destroyed');
        process.exit(deadlineHit ? 1 : 0);
      },
      (error: unknown) => {
        logger.error('shutdown failed', { error });
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  process.stderr.write(
    `Failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
