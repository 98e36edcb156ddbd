import { DEFAULT_TENANT_FLAGS } from '@productimage/core';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../app/api.ts';
import { channel } from '../accounts/channel.ts';
import { useSession } from '../accounts/session.ts';

export const FLAGS_KEY = ['tenantFlags'] as const;

/**
 * The server's flags for this visitor (GET /api/tenants/flags): the logged-in user's tenant, else
 * the tenant of the referrer or partner host of the visit, plus global flags and the user's gates.
 */
export function useFlags() {
  const { current, loading: sessionLoading } = useSession();
  const query = useQuery({
    queryKey: [...FLAGS_KEY, current?.user.id ?? null],
    queryFn: () =>
      api.GET('/api/tenants/flags', {
        params: {
          query: {
            referrer: channel.referrer ?? undefined,
            channel: channel.channel ?? undefined,
            host: channel.host ?? undefined,
          },
        },
      }),
    enabled: !sessionLoading,
    staleTime: 5 * 60_000,
  });
  return { flags: query.data ?? DEFAULT_TENANT_FLAGS, loading: sessionLoading || query.isLoading };
}
