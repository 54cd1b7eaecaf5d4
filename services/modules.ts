/**
 * The server's modules and the modules each one may import (docs/adding-a-feature.md "Modules"). A module is its
 * folder under `services/` with its read models under `projections/`; importing another module's read-model
 * queries is depending on that module. `services/tools/moduleDependencies.unit.spec.ts` walks the imports of
 * every server source (specs and test helpers aside) and fails on one this list does not allow.
 *
 * The list is the layering as it is, not as it might be: several pairs depend on each other (catalog and sales,
 * catalog and identity, admission and sales, messaging and sales; see the decision in the docs). A new arrow is a
 * design change: add it here, in the same commit, where review sees it.
 */
export const modules = {
  /** The event store port and its adapters. */
  eventstore: { folders: ['services/eventstore'], uses: ['kit'] },
  /** Command handling, HTTP helpers, contracts; the HTTP context looks sessions up in identity's read model. */
  kit: { folders: ['services/kit'], uses: ['eventstore', 'readSide', 'identity'] },
  /** The projection runner, the migrations and the table owners: the read side's machinery. */
  readSide: {
    folders: ['projections/runner', 'projections/migrations', 'projections/owners'],
    uses: ['kit', 'eventstore'],
  },
  /** Money and the one pricing engine: pure, below the catalogue that sets prices and the sales that charge them. */
  pricing: { folders: ['services/pricing'], uses: ['kit'] },
  /** The event's stock (holds, sales, capacities, promo-code limits): below the catalogue that mirrors into it and the sales that take from it. */
  inventory: { folders: ['services/inventory'], uses: ['kit'] },
  identity: {
    folders: ['services/identity', 'projections/identity'],
    // Currencies and time zones are checked with the event rules; mails carry messaging's link tokens; an erased
    // member reads as the event store's erased values.
    uses: ['kit', 'eventstore', 'readSide', 'catalog', 'messaging'],
  },
  catalog: {
    folders: [
      'services/catalog',
      'projections/affiliates',
      'projections/capacityAssignments',
      'projections/eventDefaults',
      'projections/events',
      'projections/organizers',
      'projections/promoCodes',
      'projections/questions',
      'projections/taxes',
      'projections/tickets',
    ],
    // Quantities, capacities and promo-code limits are mirrored into the inventory; prices come from pricing; the
    // public page asks payments whether cards can be taken; affiliate and promo-code counts follow sales' orders.
    uses: ['kit', 'eventstore', 'readSide', 'identity', 'inventory', 'pricing', 'payments', 'sales'],
  },
  sales: {
    folders: ['services/sales', 'projections/orders', 'projections/invoices', 'projections/waitingList'],
    uses: [
      'kit',
      'eventstore',
      'readSide',
      'identity',
      'inventory',
      'pricing',
      'catalog',
      'payments',
      'admission',
      'messaging',
      // An order's history shows the webhook deliveries its events caused.
      'integrations',
    ],
  },
  payments: { folders: ['services/payments', 'projections/payments'], uses: ['kit', 'readSide'] },
  admission: {
    folders: ['services/admission', 'projections/checkIn'],
    uses: ['kit', 'readSide', 'catalog', 'sales'],
  },
  messaging: {
    folders: ['services/messaging', 'projections/messages'],
    uses: ['kit', 'readSide', 'identity', 'pricing', 'catalog', 'sales'],
  },
  integrations: {
    folders: ['services/integrations', 'projections/webhooks'],
    uses: ['kit', 'readSide', 'catalog'],
  },
  reporting: {
    folders: ['services/reporting', 'projections/stats'],
    // The stats follow orders and admissions.
    uses: ['kit', 'readSide', 'catalog', 'sales', 'admission'],
  },
  audit: {
    folders: ['services/audit', 'projections/accountAudit'],
    // The account's audit log follows every module's configuration events and is served over HTTP.
    uses: [
      'kit',
      'eventstore',
      'readSide',
      'identity',
      'inventory',
      'catalog',
      'sales',
      'payments',
      'admission',
      'messaging',
      'integrations',
    ],
  },
  /** Reactors and process managers: they follow every module's events and run its commands. */
  worker: {
    folders: ['services/worker'],
    uses: [
      'kit',
      'eventstore',
      'readSide',
      'identity',
      'inventory',
      'pricing',
      'catalog',
      'sales',
      'payments',
      'admission',
      'messaging',
      'integrations',
      'audit',
    ],
  },
  /** The composition root, the list of every projection and the process entry points: they import everything. */
  api: {
    folders: [
      'services/api',
      'services/main',
      'services/tools',
      'services/modules',
      'projections/index',
      'projections/runner/parked-cli',
      'projections/runner/rebuild-cli',
      // The operator commands' shared opening of the platform's storage (its store seals personal data).
      'projections/runner/cli',
      'services/audit/verify-cli',
    ],
    uses: [
      'kit',
      'eventstore',
      'readSide',
      'identity',
      'inventory',
      'catalog',
      'sales',
      'payments',
      'admission',
      'messaging',
      'integrations',
      'reporting',
      'audit',
      'worker',
    ],
  },
} as const satisfies Record<string, ModuleDeclaration>;

export interface ModuleDeclaration {
  /** Paths from the repository root, without `.ts`: a folder holds everything under it. */
  folders: readonly string[];
  uses: readonly string[];
}

export type ModuleName = keyof typeof modules;
