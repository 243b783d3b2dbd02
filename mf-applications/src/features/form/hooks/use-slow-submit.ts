import { SLOW_ANSWER_MS, SLOW_ANSWER_TEXT } from 'shared';

/**
 * How long a submit waits before the form says it is still going: shared `useTakingLong`'s
 * clock, as a message's send has it.
 */
export const SLOW_SUBMIT_MS = SLOW_ANSWER_MS;
/** One text for every submit of the form (publish, save the changes, publish again). */
export const SLOW_SUBMIT_TEXT = SLOW_ANSWER_TEXT;
