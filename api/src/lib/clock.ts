/** Milliseconds since the epoch; injected so tests can move time (codes expire, tokens age). */
export type Clock = () => number;

export const systemClock: Clock = () => Date.now();

export const unixSeconds = (clock: Clock): number => Math.floor(clock() / 1000);

/** ISO timestamp `seconds` after the clock's now: SQL gets times from the API's clock, never now(). */
export const isoAfter = (clock: Clock, seconds = 0): string => new Date(clock() + seconds * 1000).toISOString();
