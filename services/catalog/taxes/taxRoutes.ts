import Router from '@koa/router';
import type { Context } from 'koa';
import type { Services } from '../../kit/http/context';
import { execute, loadOwned, requireAuth } from '../../kit/http/context';
import { allow } from '../../kit/http/policy';
import { body, pathParam } from '../../kit/http/validate';
import { Refusal } from '../../kit/refusal';
import {
  findAccountTaxAndFee,
  listAccountTaxesAndFees,
  presentTaxAndFee,
  taxesAndFeesProjection,
} from '../../../projections/taxes';
import { taxDecider, type TaxCommand } from './taxDecider';
import { taxStream } from './taxEvents';
import { createTaxSchema, taxIdSchema, toTaxDetails, updateTaxSchema } from './taxSchemas';

/** `/api/account/taxes-and-fees`: account settings, so admins only (spec section 6). */
export function taxRoutes(services: Services) {
  const router = new Router();
  router.use('/account/taxes-and-fees', allow('account.manage'));

  function taxIdOrNotFound(ctx: Context): string {
    const parsed = taxIdSchema.safeParse(pathParam(ctx, 'id'));
    if (!parsed.success) throw new Refusal('tax_not_found');
    return parsed.data;
  }

  async function run(ctx: Context, taxId: string, command: TaxCommand) {
    await execute(ctx, services, {
      decider: taxDecider,
      stream: taxStream(taxId),
      command,
      readModels: [taxesAndFeesProjection.name],
    });
    const row = await findAccountTaxAndFee(services.db, requireAuth(ctx).accountId, taxId);
    // Accepted, so it existed; a delete committed right after removed the row.
    if (!row) throw new Refusal('tax_not_found');
    return presentTaxAndFee(row);
  }

  router.get('/account/taxes-and-fees', async (ctx) => {
    const rows = await listAccountTaxesAndFees(services.db, requireAuth(ctx).accountId);
    ctx.body = { data: rows.map(presentTaxAndFee) };
  });

  router.post('/account/taxes-and-fees', async (ctx) => {
    const { accountId } = requireAuth(ctx);
    const input = body(ctx, createTaxSchema);
    const taxId = services.ids.entity('tx');
    const data = await run(ctx, taxId, {
      type: 'CreateTax',
      accountId,
      taxId,
      details: toTaxDetails(input),
      now: services.clock.now(),
    });
    ctx.status = 201;
    ctx.set('Location', `/api/account/taxes-and-fees/${taxId}`);
    ctx.body = { data };
  });

  router.get('/account/taxes-and-fees/:id', async (ctx) => {
    const row = await findAccountTaxAndFee(services.db, requireAuth(ctx).accountId, taxIdOrNotFound(ctx));
    if (!row) throw new Refusal('tax_not_found');
    ctx.body = { data: presentTaxAndFee(row) };
  });

  router.put('/account/taxes-and-fees/:id', async (ctx) => {
    const { accountId } = requireAuth(ctx);
    const taxId = taxIdOrNotFound(ctx);
    const input = body(ctx, updateTaxSchema);
    const changes = toTaxDetails(input);
    ctx.body = {
      data: await run(ctx, taxId, {
        type: 'UpdateTax',
        accountId,
        taxId,
        changes,
        now: services.clock.now(),
      }),
    };
  });

  router.delete('/account/taxes-and-fees/:id', async (ctx) => {
    const { accountId } = requireAuth(ctx);
    const taxId = taxIdOrNotFound(ctx);
    // Another account's id answers like an unknown one, before anything is appended to its stream.
    await loadOwned(services, {
      decider: taxDecider,
      stream: taxStream(taxId),
      accountId,
      notFound: 'tax_not_found',
    });
    await execute(ctx, services, {
      decider: taxDecider,
      stream: taxStream(taxId),
      command: { type: 'DeleteTax', accountId, taxId, now: services.clock.now() },
      readModels: [taxesAndFeesProjection.name],
    });
    ctx.status = 204;
  });

  return router;
}
