/**
 * given(events).when(command).then(expected) | thenRefused(refusal) for any pure decider, so that every decider spec
 * reads as the rule it proves (Emmett's DeciderSpecification, on Jest's expect).
 *
 * A decision is accepted unless `refusalOf` finds a refusal in it (by default `{ kind: 'refused', refusal }`).
 * `then(events)` expects `{ events }`; `then({ field: value, ... })` expects each named field of a richer decision
 * (a ledger's `userEvents` and `journalEvents`, a drop's `events` and `money`).
 */
export interface Decider<Command, State, Event, Decision> {
  decide(command: Command, state: State): Decision;
  evolve(state: State, event: Event): State;
  initialState(): State;
  /** The refusal a decision carries, or undefined when it was accepted. */
  refusalOf?(decision: Decision): unknown;
}

/** The refusal type of a `{ kind: 'refused', refusal }` decision, so `thenRefused` only takes the decider's codes. */
type RefusalOf<Decision> = Decision extends { kind: 'refused'; refusal: infer Refusal } ? Refusal : unknown;

const defaultRefusalOf = (decision: unknown): unknown =>
  decision !== null && typeof decision === 'object' && (decision as { kind?: unknown }).kind === 'refused'
    ? (decision as { refusal: unknown }).refusal
    : undefined;

export const DeciderSpecification = {
  for<Command, State, Event, Decision>(decider: Decider<Command, State, Event, Decision>) {
    const refusalOf = decider.refusalOf ?? defaultRefusalOf;
    const fromState = (state: State) => ({
      state,
      when(command: Command) {
        const decision = decider.decide(command, state);
        return {
          decision,
          then(expected: readonly Event[] | Record<string, unknown>): Decision {
            expect(refusalOf(decision)).toBeUndefined();
            const fields = Array.isArray(expected) ? { events: expected } : expected;
            for (const [field, value] of Object.entries(fields)) {
              expect({ [field]: (decision as Record<string, unknown>)[field] }).toEqual({ [field]: value });
            }
            return decision;
          },
          thenRefused(refusal: RefusalOf<Decision>): void {
            expect(refusalOf(decision)).toEqual(refusal);
          },
        };
      },
    });
    return {
      given: (events: readonly Event[] = []) => fromState(events.reduce(decider.evolve, decider.initialState())),
      /** For deciders over several streams: the state folded by the spec's own helper. */
      givenState: fromState,
    };
  },
};
