import { useMemo } from 'react';
import { useSession } from '../auth/session.ts';
import { useFlags } from '../tenants/useFlags.ts';
import { buildMenus, type Viewer } from './menus.ts';

/** The session, the server's flags and the menus they allow, in one place for the shell's parts. */
export function useViewer() {
  const { current, loading } = useSession();
  const { flags, loading: flagsLoading } = useFlags();
  const viewer: Viewer = useMemo(() => ({ loggedIn: !!current, flags }), [current, flags]);
  const menus = useMemo(() => buildMenus(viewer), [viewer]);
  return { current, flags, viewer, menus, loading: loading || flagsLoading };
}
