import type { BizType } from '@productimage/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { api } from '../../../app/api.ts';
import { useAvailability } from '../../app/shell/availability.ts';

/**
 * Whether a configured engine can make this business type, so a tool can say it is not set up
 * before anyone tries. It reads the shell's own availability answer (GET /api/availability, the
 * same engines as GET /api/tasks/engines): the page then says what its menu entry says, at once,
 * with no second request whose answer could arrive after the page has been read. Unknown while
 * loading or when the call fails: the server still refuses such tasks with its own message before
 * charging anything.
 */
export function useEngineReady(bizType: BizType): boolean | undefined {
  return useEngineBizTypes()?.has(bizType);
}

/** Every business type a configured engine makes (undefined while unknown), for pages offering several tools. */
export function useEngineBizTypes(): Set<string> | undefined {
  const { availability } = useAvailability();
  return useMemo(() => (availability ? new Set(availability.bizTypes) : undefined), [availability]);
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
