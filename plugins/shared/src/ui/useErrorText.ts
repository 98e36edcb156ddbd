import { useCallback } from 'react';
import { pluginErrorText } from '../session.ts';
import { usePlugin } from './context.ts';

/** Turns any error (API, host, network) into the sentence the user reads, in the Base's language. */
export function useErrorText() {
  const { t } = usePlugin();
  return useCallback((error: unknown) => pluginErrorText(error, t), [t]);
}
