import { ApiError, CLIENT_ERROR } from '@productimage/core';
import type { TFunction } from 'i18next';

/**
 * The message for a failed account call: the server's translated `msg` when it sent one, the
 * network or timeout message for client-side failures, else the given fallback (spec 000 §8:
 * a login failure without a server message is "wrong username or password").
 */
export function authErrorText(error: unknown, t: TFunction, fallbackKey: string): string {
  if (error instanceof ApiError) {
    if (error.code === CLIENT_ERROR.network) return t('common:networkError');
    if (error.code === CLIENT_ERROR.timeout) return t('common:timeout');
    if (error.code !== CLIENT_ERROR.badResponse && error.message) return error.message;
  }
  return t(fallbackKey);
}
