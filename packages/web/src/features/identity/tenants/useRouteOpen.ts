import { isRouteHidden } from '@productimage/core';
import { useCallback } from 'react';
import { useFlags } from './useFlags.ts';

/**
 * Whether a path the page would lead to is open to this visitor's tenant (issue 47: every page
 * that leads to a hidden tool hides that path: its button, tab or link, not only the menu entry).
 */
export function useRouteOpen(): (path: string) => boolean {
  const { flags } = useFlags();
  return useCallback((path: string) => !isRouteHidden(flags, path), [flags]);
}
