import { posix } from 'node:path';
import { describe, expect, it } from 'vitest';
import { modules } from '../modules';
import { importViolations, moduleOf, relativeImports } from './moduleDependencies';
import { checkedSources, readSource } from './tableOwnership';

const root = process.cwd();
/** The server's and the read models' sources; specs, test helpers and migrations compose, so they are exempt. */
const sources = () =>
  checkedSources(root, ['services', 'projections']).map((file) => ({ file, source: readSource(root, file) }));

describe('module dependencies (services/modules.ts)', () => {
  it('every source belongs to a declared module', () => {
    expect(sources().filter(({ file }) => moduleOf(file, modules) === null)).toEqual([]);
  });

  it('imports only the modules its module declares it uses', () => {
    const violations = sources().flatMap(({ file, source }) =>
      importViolations(file, source, modules).map(
        (v) => `${v.file}:${v.line} imports ${v.specifier}: ${v.from} does not use ${v.to}`,
      ),
    );
    expect(violations).toEqual([]);
  });

  it('declares only arrows some import draws, so the list is the layering as it is', () => {
    const drawn = new Set(
      sources().flatMap(({ file, source }) => {
        const from = moduleOf(file, modules);
        return relativeImports(source).map(
          ({ specifier }) => `${from} -> ${moduleOf(posix.join(posix.dirname(file), specifier), modules)}`,
        );
      }),
    );
    const declared = Object.entries(modules).flatMap(([name, module]) =>
      module.uses.map((used) => `${name} -> ${used}`),
    );
    expect(declared.filter((arrow) => !drawn.has(arrow))).toEqual([]);
  });
});

describe('the module dependency check', () => {
  const declared = {
    kit: { folders: ['services/kit'], uses: [] },
    catalog: { folders: ['services/catalog', 'projections/tickets'], uses: ['kit'] },
    sales: { folders: ['services/sales', 'projections/orders'], uses: ['kit', 'catalog'] },
  };
  const found = (file: string, source: string) =>
    importViolations(file, source, declared).map(({ line, from, to }) => `${line}: ${from} -> ${to}`);

  it('fires on a planted import of a module the importer does not use', () => {
    const planted = [
      "import { placeOrder } from '../../sales/orders/orderWorkflows';",
      'import {',
      '  findOrder,',
      '  type OrderRow,',
      "} from '../../../projections/orders';",
      "export { orderStream } from '../../sales/orders/orderEvents';",
      "const { orderDecider } = await import('../../sales/orders/orderDecider');",
    ].join('\n');
    expect(found('services/catalog/tickets/ticketRoutes.ts', planted)).toEqual([
      '1: catalog -> sales',
      '2: catalog -> sales',
      '6: catalog -> sales',
      '7: catalog -> sales',
    ]);
  });

  it('lets a module import what it uses, its own files and packages', () => {
    const source = [
      "import Router from '@koa/router';",
      "import { execute } from '../../kit/http/context';",
      "import { listEventTickets } from '../../../projections/tickets';",
      "import { ticketDecider } from './ticketDecider';",
      "// import { placeOrder } from '../../sales/orders/orderWorkflows';",
    ].join('\n');
    expect(found('services/catalog/tickets/ticketRoutes.ts', source)).toEqual([]);
    expect(
      found(
        'services/sales/orders/orderRoutes.ts',
        "import { findEventTicket } from '../../../projections/tickets';",
      ),
    ).toEqual([]);
  });

  it('places a path in the module of the longest folder holding it', () => {
    expect(moduleOf('projections/orders/queries.ts', declared)).toBe('sales');
    expect(moduleOf('services/kit/http/context', declared)).toBe('kit');
    expect(moduleOf('services/catalogue/x.ts', declared)).toBeNull();
  });
});
