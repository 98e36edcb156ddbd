import type { ErrorKey } from '@productimage/core';
import { ChatEngineError } from '../engines/openai-chat/index.ts';

/** The catalogue key stored for a failed step: the provider's mapped error, or generationFailed. */
export function failureKey(err: unknown): ErrorKey {
  return err instanceof ChatEngineError ? err.key : 'generationFailed';
}
