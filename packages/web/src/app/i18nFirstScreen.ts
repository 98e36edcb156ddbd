import type { Namespace } from '@productimage/core';

/**
 * What the home page's first screen shows: the shell (headers, side bar, floating helper, inbox
 * bell, login button) and the home page. The first render waits for these namespaces only
 * (app/i18n.ts); tests/i18n-on-demand.e2e.test.ts holds back every other one and fails on any key
 * that shows raw. A string from another namespace added to the first screen adds it here.
 */
export const FIRST_SCREEN_NAMESPACES: readonly Namespace[] = ['common', 'shell', 'routes', 'home', 'comingSoon', 'inbox'];

/** Routes whose page shows only first-screen namespaces: their code need not wait for the others. */
export const FIRST_SCREEN_ROUTES: readonly string[] = ['home'];
