import { useMemo } from 'react';
import { useSession } from '../../identity/accounts/session.ts';
import { useFlags } from '../../identity/tenants/useFlags.ts';
import { useTeamMe } from '../../organisation/team/teamApi.ts';
import { useAvailability } from './availability.ts';
import { buildMenus, type Viewer } from './menus.ts';

/**
 * The session, the server's flags, what the deployment can run, the caller's team role, and the menus they allow, in one
 * place for the shell's parts.
 */
export function useViewer() {
  const { current, loading } = useSession();
  const { flags, loading: flagsLoading } = useFlags();
  const { availability, loading: availabilityLoading } = useAvailability();
  const { me } = useTeamMe();
  const team = useMemo(() => (me ? { permissions: me.permissions, consoleOperator: me.consoleOperator } : undefined), [me]);
  const viewer: Viewer = useMemo(
    () => ({ loggedIn: !!current, flags, availability, team: current ? team : undefined }),
    [current, flags, availability, team],
  );
  const menus = useMemo(() => buildMenus(viewer), [viewer]);
  return { current, flags, viewer, menus, availability, loading: loading || flagsLoading || availabilityLoading };
}
