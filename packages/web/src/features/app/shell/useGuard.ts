import { useCallback } from 'react';
import { useLoginModal } from '../../identity/accounts/loginModalStore.ts';
import { useSession } from '../../identity/accounts/session.ts';

/** Wraps an action that needs a logged-in user: anonymous visitors get the login modal instead. */
export function useGuard() {
  const { current } = useSession();
  const showLogin = useLoginModal((s) => s.show);
  return useCallback(
    <A extends unknown[]>(action: (...args: A) => void) =>
      (...args: A) => {
        if (current) action(...args);
        else showLogin('login');
      },
    [current, showLogin],
  );
}
