/**
 * Abuse limits of the account endpoints, in one place: [attempts, window in seconds].
 * Per-IP limits are loose enough for an office behind one address; per-account limits are tight
 * because nobody legitimately tries one account many times a minute.
 */
export const LIMITS = {
  captchaPerIp: [60, 600],
  captchaPerAccount: [10, 600],
  codePerIp: [30, 3600],
  codePerAccount: [6, 3600],
  loginPerIp: [60, 600],
  loginPerAccount: [10, 600],
} as const satisfies Record<string, readonly [number, number]>;

/** Wrong answers a captcha accepts before it is dead and a new one must be fetched. */
export const CAPTCHA_MAX_ATTEMPTS = 5;
