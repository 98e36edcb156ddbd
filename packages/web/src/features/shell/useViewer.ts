import { useMemo } from 'react';
import { useSession } from '../auth/session.ts';
import { useFlags } from '../tenants/useFlags.ts';
import { useAvailability } from './availability.ts';
import { buildMenus, type Viewer } from './menus.ts';

/**
 * The session, the server's flags, what the deployment can run, and the menus they allow, in one
 * place for the shell's parts.
 */
export function useViewer() {
  const { current, loading } = useSession();
  const { flags, loading: flagsLoading } = useFlags();
  const { availability, loading: availabilityLoading } = useAvailability();
  const viewer: Viewer = useMemo(() => ({ loggedIn: !!current, flags, availability }), [current, flags, availability]);
  const menus = useMemo(() => buildMenus(viewer), [viewer]);
  return { current, flags, viewer, menus, availability, loading: loading || flagsLoading || availabilityLoading };
}
