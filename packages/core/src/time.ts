/** Milliseconds in an hour and in a day: the one definition the server and the front ends use. */
export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;
