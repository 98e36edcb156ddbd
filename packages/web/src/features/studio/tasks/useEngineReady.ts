import type { BizType } from '@productimage/core';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../app/api.ts';

/**
 * Whether a configured engine can make this business type (GET /api/tasks/engines), so a tool can
 * say it is not set up before anyone tries. Unknown while loading or when the call fails: the
 * server still refuses such tasks with its own message before charging anything.
 */
export function useEngineReady(bizType: BizType): boolean | undefined {
  return useEngineBizTypes()?.has(bizType);
}

/** Every business type a configured engine makes (undefined while unknown), for pages offering several tools. */
export function useEngineBizTypes(): Set<string> | undefined {
  const query = useQuery({
    queryKey: ['taskEngines'],
    queryFn: () => api.GET('/api/tasks/engines'),
    staleTime: 5 * 60_000,
  });
  if (!query.data) return undefined;
  return new Set(query.data.engines.flatMap((engine) => engine.bizTypes));
}

/**
 * Whether the engine that makes this business type draws its pictures again at 2048 px for a 2K
 * download (QR art, posters, idea pictures: GET /api/tasks/engines `rendersLarger`), so 2K is
 * offered for them although the file on screen is smaller. False while loading.
 */
export function useRendersLarger(bizType: string | undefined): boolean {
  const query = useQuery({
    queryKey: ['taskEngines'],
    queryFn: () => api.GET('/api/tasks/engines'),
    staleTime: 5 * 60_000,
    enabled: !!bizType,
  });
  if (!bizType || !query.data) return false;
  const engine = query.data.engines.find((e) => e.bizTypes.includes(bizType));
  return !!engine?.rendersLarger.includes(bizType);
}
