import { expect, it } from 'vitest';
import { bearerToken } from './auth.ts';

/** Which Authorization headers sign a request in: the usual form is read without the expression, every other spelling by it (issue 48). */
it('reads the token of `Bearer <token>` in any spelling the expression takes, and nothing else', () => {
  const cases: Array<[string, string | null]> = [
    ['Bearer abc.DEF-1_~', 'abc.DEF-1_~'],
    ['bearer abc', 'abc'],
    ['BEARER \t abc', 'abc'],
    ['Bearer a\u00e9', 'a\u00e9'],
    ['Bearer abc def', null],
    ['Bearer abc ', null],
    ['Bearer a\u00a0b', null],
    ['Bearer ', null],
    ['Bearerabc', null],
    ['Basic abc', null],
    [' Bearer abc', null],
  ];
  for (const [header, token] of cases) expect({ header, token: bearerToken(header) }).toEqual({ header, token });
});
