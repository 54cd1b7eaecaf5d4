/**
 * `npm run audit:verify [-- --head=<position>:<hash>]`: checks the whole event log of the platform configured as
 * for `npm start` (DATA_DIR, DATABASE_URL, EVENTSTORE…), prints a summary and exits 1 on any finding
 * (docs/audit.md). `--head` names a chain link written down earlier, which must still be in the chain.
 */
import { runCommand, withApplicationStorage } from '../../projections/runner/cli';
import { formatReport, verifyLog } from './verify';

async function main(args: readonly string[]): Promise<number> {
  let expectedLink: { position: bigint; hash: string } | undefined;
  for (const arg of args) {
    const head = /^--head=(\d+):([0-9a-f]{64})$/.exec(arg);
    if (head?.[1] && head[2]) expectedLink = { position: BigInt(head[1]), hash: head[2] };
    else {
      console.error(
        `unknown argument ${arg}; usage: npm run audit:verify [-- --head=<position>:<sha256 hex>]`,
      );
      return 2;
    }
  }
  return withApplicationStorage(async (db, openStore) => {
    const report = await verifyLog({
      store: await openStore(),
      db,
      ...(expectedLink ? { expectedLink } : {}),
    });
    console.log(formatReport(report));
    return report.findings.length === 0 ? 0 : 1;
  });
}

runCommand(main);
