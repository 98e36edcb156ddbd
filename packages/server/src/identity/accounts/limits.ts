import type { BackoffRule } from './backoff.ts';

/**
 * Abuse limits of the account endpoints, in one place: [attempts, window in seconds].
 * Per-IP limits are loose enough for an office behind one address. Nothing is limited per account
 * alone: a limit that anyone can use up for somebody else's phone is a lockout of the victim
 * (issue 9 item 5). Per account, limits count one client address at a time.
 */
export const LIMITS = {
  captchaPerIp: [60, 600],
  /** Captchas one client may ask for one phone or address. */
  captchaPerClientAccount: [10, 600],
  codePerIp: [30, 3600],
  /** Codes sent to one address in an hour, whoever asks (each needs a solved captcha and proof of work). */
  codePerAccount: [6, 3600],
  loginPerIp: [60, 600],
  /** Login attempts of one client on one account. */
  loginPerClientAccount: [10, 600],
} as const satisfies Record<string, readonly [number, number]>;

/** Wrong answers a captcha accepts before it is dead and a new one must be fetched. */
export const CAPTCHA_MAX_ATTEMPTS = 5;

/**
 * Back-off of wrong passwords and wrong codes (accounts/backoff.ts): per client and account, a few
 * free tries then a doubling wait; per client over all accounts, more room (an office shares one
 * address) with the same doubling.
 */
export const BACKOFF: Record<'clientAccount' | 'client', BackoffRule> = {
  clientAccount: { free: 5, baseSeconds: 2, maxSeconds: 900, resetSeconds: 3600 },
  client: { free: 30, baseSeconds: 2, maxSeconds: 900, resetSeconds: 3600 },
};

/**
 * Wrong tries that end a code for every address but the one that asked for it. Per client the
 * back-off stops guessing long before this (5 free, then 2 s, 4 s, 8 s...: about a dozen tries from
 * one address in a code's 5 minutes); many addresses together are stopped here (30 guesses of a
 * million). The code stays good for its requester (issue 26: a spray from 30 addresses cannot lock
 * an SMS-only user out).
 */
export const CODE_GLOBAL_MAX_ATTEMPTS = 30;

/**
 * Wrong tries from the address that asked for the code before the code is dead for it too (the
 * client-and-account back-off slows them first). With CODE_GLOBAL_MAX_ATTEMPTS, at most 40 guesses
 * of a million ever reach one code.
 */
export const CODE_OWNER_MAX_ATTEMPTS = 10;
