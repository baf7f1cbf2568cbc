import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import { PASSWORD_TOO_COMMON_MESSAGE } from '@resonant/contracts/passwords';
import { badRequest } from './http-error.ts';

// Built once at start: loading the dictionaries (about 40 ms) must not fall on a request.
const estimator = new ZxcvbnFactory({
  dictionary: { ...common.dictionary },
  graphs: common.adjacencyGraphs,
});

// zxcvbn's score 0-1 means fewer than a million guesses: a listed common password, or one a
// small rule set derives from one (case, l33t, a year or digits appended, a keyboard walk).
const MIN_SCORE = 2;

/** Whether a password is too common to be accepted (the length rules are the contracts'). */
export function isTooCommon(password: string): boolean {
  return estimator.check(password).score < MIN_SCORE;
}

/**
 * The server's check of every password a person or an admin sets (sign-up, Add User, import, Add
 * Organization, change, reset): 400 with one message when it is too common.
 */
export function assertPasswordAllowed(password: string): void {
  if (isTooCommon(password)) throw badRequest(PASSWORD_TOO_COMMON_MESSAGE);
}
