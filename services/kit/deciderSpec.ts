import { expect } from 'vitest';
import type { Decider, DomainEvent } from './decider';
import { fold } from './decider';
import { Refusal } from './refusal';
import type { ReasonCode } from './reasons';

/**
 * Given / when / then for rule tests: given past events, when a command, then the new events or a reason.
 *
 *   spec.given([created]).when(publish).then([published])
 *   spec.given([]).when(publish).thenRefused('event_not_found')
 */
export function deciderSpec<Command, Event extends DomainEvent, State>(
  decider: Decider<Command, Event, State>,
) {
  return {
    given(events: readonly Event[]) {
      return {
        when(command: Command) {
          const run = () => decider.decide(command, fold(decider, decider.initialState(), events));
          return {
            then(expected: readonly Event[]) {
              expect(run()).toEqual(expected);
            },
            thenNothingHappened() {
              expect(run()).toEqual([]);
            },
            thenRefused(reason: ReasonCode, fields?: readonly string[]) {
              let refusal: unknown;
              try {
                run();
              } catch (error) {
                refusal = error;
              }
              expect(refusal, 'the command was accepted').toBeInstanceOf(Refusal);
              expect((refusal as Refusal).reason).toBe(reason);
              if (fields)
                expect(Object.keys((refusal as Refusal).fieldErrors ?? {}).sort()).toEqual(
                  [...fields].sort(),
                );
            },
          };
        },
      };
    },
  };
}
