/** The current time, injectable so tests can move it (token expiry, "yesterday"). */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();
