import { ApiError, CLIENT_ERROR } from '@productimage/core';
import type { TFunction } from 'i18next';

/**
 * What to tell the user about a failed call: the server's own message (already in their language),
 * or the translated network / time-out text when no answer came.
 */
export function errorText(error: unknown, t: TFunction): string {
  if (error instanceof ApiError) {
    if (error.code === CLIENT_ERROR.timeout) return t('common:timeout');
    if (error.code === CLIENT_ERROR.network || error.code === CLIENT_ERROR.badResponse || !error.message) {
      return t('common:networkError');
    }
    return error.message;
  }
  return t('common:networkError');
}
