import { AppError } from '../http/errors.ts';
import type { SandboxLimit } from './limits.ts';

/**
 * The refusals of the sandbox: a file over one of the limits (413 `fileTooComplex`, the limit's
 * name in `data.limit` so support can tell which), a file no parser can read (400
 * `fileUnreadable`), and too much work already waiting (503 `fileBusy`). Nothing is charged for a
 * refused file: every check runs before the caller charges or stores anything.
 */
export const tooComplex = (limit: SandboxLimit) => new AppError('fileTooComplex', {}, { limit });
export const unreadable = () => new AppError('fileUnreadable');
export const busy = () => new AppError('fileBusy');

/**
 * Whether an error is an allocation that failed (an ArrayBuffer or string past the parse process's
 * address-space limit, PARSE_MAX_MEMORY_MB): the file asked for more memory than a parse may have.
 */
export const outOfMemory = (err: unknown): boolean =>
  err instanceof Error &&
  err.name === 'RangeError' &&
  /allocation failed|Array buffer allocation|Invalid (typed )?array length|out of memory/i.test(err.message);
