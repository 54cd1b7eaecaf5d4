/** An event as a decider produces it: its type and data, before ids and metadata are attached. */
export interface DomainEvent<Type extends string = string, Data = unknown> {
  type: Type;
  data: Data;
}

/**
 * A pure aggregate: `decide` answers a command from the current state with events, or throws a Refusal;
 * `evolve` folds one event into the state. Time and ids come in through the command.
 */
export interface Decider<Command, Event extends DomainEvent, State> {
  initialState(): State;
  evolve(state: State, event: Event): State;
  decide(command: Command, state: State): readonly Event[];
}

export function fold<Event extends DomainEvent, State>(
  decider: Pick<Decider<unknown, Event, State>, 'evolve'>,
  state: State,
  events: readonly Event[],
): State {
  return events.reduce((current, event) => decider.evolve(current, event), state);
}
