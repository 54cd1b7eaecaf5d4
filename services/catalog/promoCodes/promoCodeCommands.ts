import type { Services } from '../../kit/http/context';
import type { CommandContext } from '../../kit/commandHandler';
import { runChain, step, type AnyStep, type ChainOutcome } from '../../kit/workflow';
import { inventoryDecider } from '../../inventory/inventoryDecider';
import { inventoryStream } from '../../inventory/inventoryEvents';
import { normalisePromoCode, promoCodeClaimDecider, promoCodeClaimStream } from './promoCodeClaims';
import { checkPromoCode, promoCodeDecider, type PromoCodeState } from './promoCodeDecider';
import { promoCodeStream, type PromoCodeDefinition } from './promoCodeEvents';

/** What the promo code workflows need: the commands, the clock and ids (a whole Services also fits). */
export type PromoCodeServices = Pick<Services, 'commands' | 'clock' | 'ids'>;

/** A promo code's chain (docs/decisions/workflows.md): routes run it with `execute`, the worker with `runChain`. */
export interface PromoCodeWorkflow {
  promoCodeId: string;
  chain: AnyStep[];
}

export interface PromoCodeWritten {
  promoCodeId: string;
  /** Global position of the chain's last event (null when nothing was written): a read may wait for it. */
  position: bigint | null;
}

/**
 * A new promo code: the code is claimed within the event first, so of two creations of `SUMMER` and `summer`
 * exactly one gets through and the other is refused with `promo_code_taken` before anything else is written.
 * The creation and its cap are decided ahead too; one refused at append time undoes the claim.
 */
export function promoCodeCreation(
  { clock, ids }: Pick<PromoCodeServices, 'clock' | 'ids'>,
  input: { eventId: string; definition: PromoCodeDefinition },
): PromoCodeWorkflow {
  // Bad input is refused before anything is claimed.
  const definition = checkPromoCode(input.definition);
  const promoCodeId = ids.entity('pc');
  const { eventId } = input;
  const now = clock.now();
  const claim = { eventId, code: definition.code, promoCodeId, now };
  const creation = step({
    name: 'promoCode',
    decider: promoCodeDecider,
    stream: promoCodeStream(promoCodeId),
    command: { type: 'CreatePromoCode', promoCodeId, eventId, definition, now },
    compensate: () => deleteStep({ eventId, promoCodeId, now }),
  });
  return {
    promoCodeId,
    chain: [
      step({ ...claimOf(claim), compensate: () => step(releaseOf(claim)) }),
      creation,
      capStep({ eventId, promoCodeId, now }, creation),
    ],
  };
}

/**
 * A change to a promo code. A new code is claimed before the change and the old one released after it; a
 * change to the case or spaces alone keeps the claim it has. The cap is mirrored from the changed promo code;
 * a mirror refused at append time (uses taken meanwhile) puts the promo code and its claims back.
 */
export async function promoCodeUpdate(
  { commands, clock }: PromoCodeServices,
  input: { eventId: string; promoCodeId: string; changes: Partial<PromoCodeDefinition> },
): Promise<PromoCodeWorkflow> {
  const { eventId, promoCodeId, changes } = input;
  const now = clock.now();
  const { state } = await commands.load(promoCodeDecider, promoCodeStream(promoCodeId));
  const current = state.exists && state.eventId === eventId ? definitionOf(state) : null;
  const update = step({
    name: 'promoCode',
    decider: promoCodeDecider,
    stream: promoCodeStream(promoCodeId),
    command: { type: 'UpdatePromoCode', promoCodeId, eventId, changes, now },
    compensate: () =>
      current &&
      step({
        name: 'putBack',
        decider: promoCodeDecider,
        stream: promoCodeStream(promoCodeId),
        command: { type: 'UpdatePromoCode', promoCodeId, eventId, changes: current, now },
      }),
  });
  const cap = capStep({ eventId, promoCodeId, now }, update);
  const newCode = changes.code;
  const renamed =
    current !== null &&
    newCode !== undefined &&
    normalisePromoCode(newCode) !== normalisePromoCode(current.code);
  if (!renamed) return { promoCodeId, chain: [update, cap] };

  const requested = Object.entries(changes).filter(([, value]) => value !== undefined);
  // Bad input is refused before anything is claimed.
  checkPromoCode({ ...current, ...Object.fromEntries(requested), code: newCode });
  const claimed = { eventId, code: newCode.trim(), promoCodeId, now };
  const released = { eventId, code: current.code, promoCodeId, now };
  return {
    promoCodeId,
    chain: [
      step({ ...claimOf(claimed), compensate: () => step(releaseOf(claimed)) }),
      update,
      step({
        ...releaseOf(released, 'releaseOld'),
        compensate: () => step(claimOf(released, 'reclaimOld')),
      }),
      cap,
    ],
  };
}

/** Deletes a promo code and frees its code; repeating it finishes a delete whose release did not happen. */
export async function promoCodeDeletion(
  { commands, clock }: Pick<PromoCodeServices, 'commands' | 'clock'>,
  input: { eventId: string; promoCodeId: string },
): Promise<PromoCodeWorkflow> {
  const { eventId, promoCodeId } = input;
  const now = clock.now();
  const deletion = deleteStep({ eventId, promoCodeId, now });
  const { state } = await commands.load(promoCodeDecider, promoCodeStream(promoCodeId));
  // Unknown or of another event: the deletion alone, which refuses it.
  if (!(state.exists || state.deleted) || state.eventId !== eventId)
    return { promoCodeId, chain: [deletion] };
  const release = releaseOf({ eventId, code: state.code, promoCodeId, now });
  return {
    promoCodeId,
    chain: [
      deletion,
      step({
        ...release,
        command: (_claim, earlier) => (earlier<PromoCodeState>(deletion).deleted ? release.command : null),
      }),
    ],
  };
}

/** Runs a promo code's chain outside a request (the worker's catalogue copy, tests). */
export async function runPromoCodeWorkflow(
  { commands }: Pick<PromoCodeServices, 'commands'>,
  workflow: PromoCodeWorkflow,
  context: CommandContext,
): Promise<PromoCodeWritten> {
  const outcome: ChainOutcome = await runChain(commands, workflow.chain, context);
  return { promoCodeId: workflow.promoCodeId, position: outcome.position };
}

export const createPromoCode = async (
  services: PromoCodeServices,
  input: { eventId: string; definition: PromoCodeDefinition },
  context: CommandContext,
) => runPromoCodeWorkflow(services, promoCodeCreation(services, input), context);

export const updatePromoCode = async (
  services: PromoCodeServices,
  input: { eventId: string; promoCodeId: string; changes: Partial<PromoCodeDefinition> },
  context: CommandContext,
) => runPromoCodeWorkflow(services, await promoCodeUpdate(services, input), context);

export const deletePromoCode = async (
  services: PromoCodeServices,
  input: { eventId: string; promoCodeId: string },
  context: CommandContext,
) => runPromoCodeWorkflow(services, await promoCodeDeletion(services, input), context);

type Claim = { eventId: string; code: string; promoCodeId: string; now: Date };

const claimOf = (claim: Claim, name = 'claim') => ({
  name,
  decider: promoCodeClaimDecider,
  stream: promoCodeClaimStream(claim.eventId, claim.code),
  command: { type: 'ClaimPromoCode' as const, ...claim },
});

const releaseOf = (claim: Claim, name = 'release') => ({
  name,
  decider: promoCodeClaimDecider,
  stream: promoCodeClaimStream(claim.eventId, claim.code),
  command: { type: 'ReleasePromoCode' as const, ...claim },
});

const deleteStep = (target: { eventId: string; promoCodeId: string; now: Date }) =>
  step({
    name: 'delete',
    decider: promoCodeDecider,
    stream: promoCodeStream(target.promoCodeId),
    command: { type: 'DeletePromoCode', ...target },
  });

/**
 * Mirrors the promo code's maximum uses into the event's inventory stream, where they are enforced
 * (docs/decisions/cross-module-facts.md section 2). Decided ahead against the inventory, a cap below the uses
 * already held or sold is refused before the promo code changes. It reads the cap from the promo code as the
 * chain leaves it, so repeating a request whose mirror was cut off (a crash after the promo code's change)
 * completes it; an unchanged cap is quiet.
 */
const capStep = (target: { eventId: string; promoCodeId: string; now: Date }, promoCodeStep: AnyStep) =>
  step({
    name: 'cap',
    decider: inventoryDecider,
    stream: inventoryStream(target.eventId),
    command: (_inventory, earlier) => {
      const promoCode = earlier<PromoCodeState>(promoCodeStep);
      if (!promoCode.exists || promoCode.eventId !== target.eventId) return null;
      return { type: 'DefinePromoCap' as const, ...target, maxUses: promoCode.maxUsages };
    },
  });

function definitionOf(state: Extract<PromoCodeState, { exists: true }>): PromoCodeDefinition {
  const { exists: _exists, deleted: _deleted, promoCodeId: _id, eventId: _eventId, ...definition } = state;
  return definition;
}
