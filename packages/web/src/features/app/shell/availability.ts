import { useQuery } from '@tanstack/react-query';
import { api } from '../../../app/api.ts';

export { type Availability, type Unavailable, unavailableReason } from './availabilityRules.ts';

export const AVAILABILITY_KEY = ['availability'] as const;

/** The server's availability answer; it changes only with the deployment's configuration. */
export function useAvailability() {
  const query = useQuery({
    queryKey: AVAILABILITY_KEY,
    queryFn: () => api.GET('/api/availability'),
    staleTime: 10 * 60_000,
  });
  return { availability: query.data, loading: query.isLoading };
}
