import Router from '@koa/router';
import type { Context } from 'koa';
import type { Services } from '../../kit/http/context';
import { execute, loadOwned, requireAuth } from '../../kit/http/context';
import { entityId } from '../../kit/http/ids';
import { allow } from '../../kit/http/policy';
import { body, pathParam } from '../../kit/http/validate';
import { parseListQuery } from '../../kit/listQuery';
import { Refusal } from '../../kit/refusal';
import {
  findAccountOrganizer,
  listAccountOrganizers,
  organizerImages,
  organizerListSpec,
  presentOrganizer,
  presentOrganizerImage,
  organizersProjection,
} from '../../../projections/organizers';
import { receiveImage, type ReceivedImage } from '../images/receiveImage';
import { fileStorageFor } from '../images/storage';
import { sanitizeOptionalRichText } from '../richText';
import {
  organizerDecider,
  organizerStream,
  type OrganizerCommand,
  type OrganizerImageType,
  type OrganizerProfile,
} from './organizerDecider';
import { createOrganizerSchema, updateOrganizerSchema } from './organizerSchemas';

export function organizerRoutes(services: Services) {
  const router = new Router();
  const storage = fileStorageFor(services.config.dataDir);
  router.use('/organizers', allow('events.manage'));

  async function ownedOrganizer(ctx: Context) {
    const auth = requireAuth(ctx);
    const parsed = entityId.safeParse(pathParam(ctx, 'id'));
    if (!parsed.success) throw new Refusal('organizer_not_found');
    const state = await loadOwned(services, {
      decider: organizerDecider,
      stream: organizerStream(parsed.data),
      accountId: auth.accountId,
      notFound: 'organizer_not_found',
    });
    return { id: parsed.data, state };
  }

  async function run(ctx: Context, id: string, command: OrganizerCommand) {
    await execute(ctx, services, {
      decider: organizerDecider,
      stream: organizerStream(id),
      command,
      readModels: [organizersProjection.name],
    });
    const row = await findAccountOrganizer(services.db, requireAuth(ctx).accountId, id);
    if (!row) throw new Refusal('organizer_not_found');
    return row;
  }

  router.get('/organizers', async (ctx) => {
    const auth = requireAuth(ctx);
    const { rows, meta } = await listAccountOrganizers(
      services.db,
      auth.accountId,
      parseListQuery(ctx.query, organizerListSpec),
    );
    ctx.body = { data: rows.map(presentOrganizer), meta };
  });

  router.post('/organizers', async (ctx) => {
    const auth = requireAuth(ctx);
    const input = body(ctx, createOrganizerSchema);
    const id = services.ids.entity('or');
    const profile: OrganizerProfile = {
      name: input.name,
      email: input.email ?? null,
      website: input.website ?? null,
      description: sanitizeOptionalRichText(input.description) ?? null,
    };
    const row = await run(ctx, id, {
      type: 'CreateOrganizer',
      organizerId: id,
      accountId: auth.accountId,
      profile,
      now: services.clock.now(),
    });
    ctx.status = 201;
    ctx.set('Location', `/api/organizers/${id}`);
    ctx.body = { data: presentOrganizer(row) };
  });

  router.get('/organizers/:id', async (ctx) => {
    const row = await findAccountOrganizer(
      services.db,
      requireAuth(ctx).accountId,
      (await ownedOrganizer(ctx)).id,
    );
    if (!row) throw new Refusal('organizer_not_found');
    ctx.body = { data: presentOrganizer(row) };
  });

  router.put('/organizers/:id', async (ctx) => {
    const input = body(ctx, updateOrganizerSchema);
    const { id } = await ownedOrganizer(ctx);
    const changes: Partial<OrganizerProfile> = {};
    if (input.name !== undefined) changes.name = input.name;
    if (input.email !== undefined) changes.email = input.email;
    if (input.website !== undefined) changes.website = input.website;
    if (input.description !== undefined)
      changes.description = sanitizeOptionalRichText(input.description) ?? null;
    const row = await run(ctx, id, {
      type: 'UpdateOrganizer',
      organizerId: id,
      changes,
      now: services.clock.now(),
    });
    ctx.body = { data: presentOrganizer(row) };
  });

  router.get('/organizers/:id/images', async (ctx) => {
    const row = await findAccountOrganizer(
      services.db,
      requireAuth(ctx).accountId,
      (await ownedOrganizer(ctx)).id,
    );
    ctx.body = { data: row ? organizerImages(row).map(presentOrganizerImage) : [] };
  });

  router.post('/organizers/:id/images', async (ctx) => {
    const { id, state } = await ownedOrganizer(ctx);
    const imageId = services.ids.entity('im');
    const upload = (image: ReceivedImage<OrganizerImageType>): OrganizerCommand => ({
      type: 'UploadOrganizerImage',
      organizerId: id,
      image: { imageId, ...image },
      now: services.clock.now(),
    });
    const row = await receiveImage(ctx, storage, ['ORGANIZER_LOGO', 'ORGANIZER_COVER'] as const, {
      decide: (image) => organizerDecider.decide(upload(image), state),
      record: (image) => run(ctx, id, upload(image)),
    });
    const stored = organizerImages(row).find((image) => image.imageId === imageId);
    if (!stored) throw new Refusal('image_not_found');
    ctx.status = 201;
    ctx.body = { data: presentOrganizerImage(stored) };
  });

  router.delete('/organizers/:id/images/:imageId', async (ctx) => {
    const { id } = await ownedOrganizer(ctx);
    const imageId = entityId.safeParse(pathParam(ctx, 'imageId'));
    if (!imageId.success) throw new Refusal('image_not_found');
    await run(ctx, id, {
      type: 'RemoveOrganizerImage',
      organizerId: id,
      imageId: imageId.data,
      now: services.clock.now(),
    });
    ctx.status = 204;
  });

  return router;
}
