import type { BizType } from '@productimage/core';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../app/api.ts';

/**
 * Whether a configured engine can make this business type (GET /api/tasks/engines), so a tool can
 * say it is not set up before anyone tries. Unknown while loading or when the call fails: the
 * server still refuses such tasks with its own message before charging anything.
 */
export function useEngineReady(bizType: BizType): boolean | undefined {
  const query = useQuery({
    queryKey: ['taskEngines'],
    queryFn: () => api.GET('/api/tasks/engines'),
    staleTime: 5 * 60_000,
  });
  if (!query.data) return undefined;
  return query.data.engines.some((engine) => engine.bizTypes.includes(bizType));
}
