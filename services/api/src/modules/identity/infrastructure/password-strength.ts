import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as english from '@zxcvbn-ts/language-en';

/**
 * zxcvbn's score: 0 is guessed within 10^3 tries, 1 within 10^6, 2 within 10^8. Below 2 are the passwords every
 * guessing list starts with (`password123`, `qwertyuiop`, `iloveyou1`, a name and a year), refused at sign-up.
 */
export const MIN_PASSWORD_SCORE = 2;

let estimator: ZxcvbnFactory | undefined;

/** Built on first use: loading the dictionaries costs about 0.8 s, which no process that never signs anyone up pays. */
function estimatorOf(): ZxcvbnFactory {
  estimator ??= new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...english.dictionary },
    graphs: common.adjacencyGraphs,
    // Bounds the CPU one estimate costs (README, Decisions): the first 48 characters weighed, 4 l33t substitutions.
    maxLength: 48,
    l33tMaxSubstitutions: 4,
  });
  return estimator;
}

/** Whether a password is among the commonest or easiest to guess, the account's own e-mail and username included. */
export function isTooGuessable(password: string, userInputs: string[]): boolean {
  return estimatorOf().check(password, userInputs).score < MIN_PASSWORD_SCORE;
}
