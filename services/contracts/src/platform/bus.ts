/**
 * A question one API module answers for the others on the query bus. The class is its address: the answering module
 * registers its handler for it, and a module that asks imports the class from the answerer's contracts, never the
 * answering module. Framework-free, as everything here; the API's query bus types the answer as `TAnswer`.
 */
export abstract class BusQuery<TAnswer> {
  /** Never set: it carries the answer's type. */
  declare readonly answerType?: TAnswer;
}

/** A command one API module handles for the others on the command bus, declared as `BusQuery` is. */
export abstract class BusCommand<TResult> {
  /** Never set: it carries the result's type. */
  declare readonly resultType?: TResult;
}
