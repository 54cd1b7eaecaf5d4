import type { Services } from '../../kit/http/context';
import type { CommandContext } from '../../kit/commandHandler';
import { isRefusal } from '../../kit/refusal';
import { inventoryDecider } from '../../sales/inventory/inventoryDecider';
import { inventoryStream } from '../../sales/inventory/inventoryEvents';
import { normalisePromoCode, promoCodeClaimDecider, promoCodeClaimStream } from './promoCodeClaims';
import { checkPromoCode, promoCodeDecider } from './promoCodeDecider';
import { promoCodeStream, type PromoCodeDefinition } from './promoCodeEvents';

/** What the promo code workflows need: the commands, the clock and ids (a whole Services also fits). */
export type PromoCodeServices = Pick<Services, 'commands' | 'clock' | 'ids'>;

export interface PromoCodeWritten {
  promoCodeId: string;
  /** Global position of the promo code's event: a read may wait for projections to reach it. */
  position: bigint;
}

/**
 * A new promo code: the code is claimed within the event first, so of two creations of `SUMMER` and `summer`
 * exactly one gets through and the other is refused with `promo_code_taken` before anything else is written.
 * A creation refused after the claim releases it again.
 */
export async function createPromoCode(
  services: PromoCodeServices,
  input: { eventId: string; definition: PromoCodeDefinition },
  context: CommandContext,
): Promise<PromoCodeWritten> {
  const { commands, clock, ids } = services;
  // Bad input is refused before anything is claimed.
  const definition = checkPromoCode(input.definition);
  const promoCodeId = ids.entity('pc');
  const claim = { eventId: input.eventId, code: definition.code, promoCodeId };
  await claimCode(services, claim, context);
  let created;
  try {
    created = await commands.handle(
      promoCodeDecider,
      promoCodeStream(promoCodeId),
      { type: 'CreatePromoCode', promoCodeId, eventId: input.eventId, definition, now: clock.now() },
      context,
    );
  } catch (error) {
    if (isRefusal(error)) await releaseCode(services, claim, context);
    throw error;
  }
  const mirrored = await mirrorCap(services, { eventId: input.eventId, promoCodeId }, context);
  return { promoCodeId, position: mirrored ?? created.position };
}

/**
 * A change to a promo code. A new code is claimed before the change and the old one released after it; a
 * change to the case or spaces alone keeps the claim it has.
 */
export async function updatePromoCode(
  services: PromoCodeServices,
  input: { eventId: string; promoCodeId: string; changes: Partial<PromoCodeDefinition> },
  context: CommandContext,
): Promise<PromoCodeWritten> {
  const { commands, clock } = services;
  const { eventId, promoCodeId } = input;
  const update = () =>
    commands.handle(
      promoCodeDecider,
      promoCodeStream(promoCodeId),
      { type: 'UpdatePromoCode', promoCodeId, eventId, changes: input.changes, now: clock.now() },
      context,
    );
  const { state } = await commands.load(promoCodeDecider, promoCodeStream(promoCodeId));
  if (state.exists && state.eventId === eventId && input.changes.maxUsages !== undefined)
    await checkCap(services, { eventId, promoCodeId, maxUses: input.changes.maxUsages });
  const mirrored = async (written: { position: bigint }): Promise<PromoCodeWritten> => ({
    promoCodeId,
    position: (await mirrorCap(services, { eventId, promoCodeId }, context)) ?? written.position,
  });
  const newCode = input.changes.code;
  const renamed =
    state.exists &&
    state.eventId === eventId &&
    newCode !== undefined &&
    normalisePromoCode(newCode) !== normalisePromoCode(state.code);
  if (!renamed) return mirrored(await update());

  const { exists: _exists, deleted: _deleted, promoCodeId: _id, eventId: _eventId, ...current } = state;
  const requested = Object.entries(input.changes).filter(([, value]) => value !== undefined);
  checkPromoCode({ ...current, ...Object.fromEntries(requested), code: newCode });
  const claim = { eventId, code: newCode.trim(), promoCodeId };
  await claimCode(services, claim, context);
  let updated;
  try {
    updated = await update();
  } catch (error) {
    if (isRefusal(error)) await releaseCode(services, claim, context);
    throw error;
  }
  await releaseCode(services, { eventId, code: state.code, promoCodeId }, context);
  return mirrored(updated);
}

/** Deletes a promo code and frees its code; repeating it finishes a delete whose release did not happen. */
export async function deletePromoCode(
  services: PromoCodeServices,
  input: { eventId: string; promoCodeId: string },
  context: CommandContext,
): Promise<PromoCodeWritten> {
  const { commands, clock } = services;
  const { eventId, promoCodeId } = input;
  const deleted = await commands.handle(
    promoCodeDecider,
    promoCodeStream(promoCodeId),
    { type: 'DeletePromoCode', promoCodeId, eventId, now: clock.now() },
    context,
  );
  if (deleted.state.deleted)
    await releaseCode(services, { eventId, code: deleted.state.code, promoCodeId }, context);
  return { promoCodeId, position: deleted.position };
}

type Claim = { eventId: string; code: string; promoCodeId: string };

async function claimCode({ commands, clock }: PromoCodeServices, claim: Claim, context: CommandContext) {
  await commands.handle(
    promoCodeClaimDecider,
    promoCodeClaimStream(claim.eventId, claim.code),
    { type: 'ClaimPromoCode', ...claim, now: clock.now() },
    context,
  );
}

async function releaseCode({ commands, clock }: PromoCodeServices, claim: Claim, context: CommandContext) {
  await commands.handle(
    promoCodeClaimDecider,
    promoCodeClaimStream(claim.eventId, claim.code),
    { type: 'ReleasePromoCode', ...claim, now: clock.now() },
    context,
  );
}

/**
 * A cap below the uses already held or sold would be refused by the inventory after the promo code changed
 * (the catalogue then saying 5 and the inventory 10): the inventory's own rule is asked first, from its state.
 */
async function checkCap(
  { commands, clock }: PromoCodeServices,
  cap: { eventId: string; promoCodeId: string; maxUses: number | null },
): Promise<void> {
  const { state } = await commands.load(inventoryDecider, inventoryStream(cap.eventId));
  inventoryDecider.decide({ type: 'DefinePromoCap', ...cap, now: clock.now() }, state);
}

/**
 * Mirrors the promo code's maximum uses into the event's inventory stream, where they are enforced
 * (docs/decisions/cross-module-facts.md section 2). It reads the cap from the promo code's own stream, so
 * repeating a request whose mirror was cut off (a crash after the promo code's change) completes it; an
 * unchanged cap is quiet. Answers the inventory event's position when it appended one.
 */
async function mirrorCap(
  { commands, clock }: PromoCodeServices,
  target: { eventId: string; promoCodeId: string },
  context: CommandContext,
): Promise<bigint | null> {
  const { state } = await commands.load(promoCodeDecider, promoCodeStream(target.promoCodeId));
  if (!state.exists || state.eventId !== target.eventId) return null;
  const defined = await commands.handle(
    inventoryDecider,
    inventoryStream(target.eventId),
    { type: 'DefinePromoCap', ...target, maxUses: state.maxUsages, now: clock.now() },
    context,
  );
  return defined.events.length > 0 ? defined.position : null;
}
