import { useViewer } from './useViewer.ts';

/**
 * The settings any one of which turns a business type on here (GET /api/availability `enablers`);
 * none when it works. Its own file, without components: the menus' tag reads it on the first screen.
 */
export function useEngineKeys(bizType: string | undefined): string[] {
  const { availability } = useViewer();
  return (bizType && availability?.enablers[bizType]) || [];
}
