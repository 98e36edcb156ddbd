/**
 * What happens once a login succeeds (spec 000 §4). Pure, so the rule is tested without a browser.
 */

/**
 * Marketing-suite (MoTT) paths: the login overlay there cannot be dismissed and closes itself once
 * logged in, and the page is not reloaded (the suite keeps its own state).
 */
const MARKETING_SUITE_PREFIXES = ['/mott', '/MoTT2', '/content-', '/hotspot', '/marketing-'] as const;

/** True for a marketing-suite path (router path, without the /productimage base). */
export function isMarketingSuitePath(pathname: string): boolean {
  return MARKETING_SUITE_PREFIXES.some((prefix) => pathname.startsWith(prefix));
}

/** The mini-program's landing page after login when the persona flag is not set yet. */
export const PERSONA_ONBOARDING_PATH = '/kos-persona?time=1';

export type AfterLogin = { kind: 'navigate'; to: string } | { kind: 'reload' } | { kind: 'stay' };

/** Decides where the user goes after logging in. */
export function afterLogin(options: { pathname: string; miniProgram: boolean; personaSet: boolean }): AfterLogin {
  if (options.miniProgram && !options.personaSet) return { kind: 'navigate', to: PERSONA_ONBOARDING_PATH };
  if (isMarketingSuitePath(options.pathname)) return { kind: 'stay' };
  return { kind: 'reload' };
}

/** Query flags that open the login modal; dropped before reloading so it does not open again. */
const LOGIN_QUERY_FLAGS = ['login', 'loginType', 'error', 'inviteCode'] as const;

/** The URL to reload after login: the same page without the login-opening flags. */
export function reloadUrl(href: string): string {
  const url = new URL(href);
  for (const name of LOGIN_QUERY_FLAGS) url.searchParams.delete(name);
  return url.toString();
}
