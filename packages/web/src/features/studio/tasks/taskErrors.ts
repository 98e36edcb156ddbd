import { ApiError, CLIENT_ERROR, ERRORS, errorKeyOf } from '@productimage/core';
import type { TFunction } from 'i18next';

/** How a page reacts to a failed call: login opens the login modal; engine errors say the tool is not set up. */
export type ErrorKind = 'login' | 'engine' | 'other';

export interface DescribedError {
  kind: ErrorKind;
  message: string;
}

/**
 * Turns any thrown value into a kind and a translated message. The server's `msg` is already in the
 * user's language; client-side failures (network, timeout) and bare codes are translated here.
 */
export function describeError(error: unknown, t: TFunction): DescribedError {
  if (error instanceof ApiError) {
    const kind: ErrorKind = error.status === 401 ? 'login' : error.code === ERRORS.engineNotConfigured.code ? 'engine' : 'other';
    if (error.code === CLIENT_ERROR.network) return { kind, message: t('common:networkError') };
    if (error.code === CLIENT_ERROR.timeout) return { kind, message: t('common:timeout') };
    const key = errorKeyOf(error.code);
    return { kind, message: error.message || t(`errors:${key ?? 'internal'}`) };
  }
  return { kind: 'other', message: t('errors:internal') };
}
