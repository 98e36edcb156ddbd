import { ERRORS, type ErrorKey } from '@productimage/core';

/**
 * The one server error type. Throw `new AppError('notEnoughCoins')` anywhere; the error handler
 * answers with the catalogue's code and HTTP status and `msg` translated into the caller's language.
 * `params` fill placeholders in the message; `data` travels in the envelope's data field.
 */
export class AppError extends Error {
  readonly code: number;
  readonly status: number;
  constructor(
    readonly key: ErrorKey,
    readonly params: Record<string, string | number> = {},
    readonly data: unknown = null,
    /** A message key other than `errors:<key>` (e.g. a validation message). */
    readonly msgKey?: string,
  ) {
    super(key);
    this.code = ERRORS[key].code;
    this.status = ERRORS[key].status;
  }
}

/** A 400 whose message is a validation key such as `validation:phoneInvalid`. */
export const validationError = (msgKey: string) => new AppError('badRequest', {}, null, msgKey);
