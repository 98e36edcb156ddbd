import { Toast } from '@douyinfe/semi-ui-19';
import { STORAGE_KEYS, type TokenResponse } from '@productimage/core';
import type { LoginView } from '@productimage/kit';
import { LoginModal as KitLoginModal } from '@productimage/kit/login';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { afterLogin, isMarketingSuitePath, reloadUrl } from './afterLogin.ts';
import { channel } from './channel.ts';
import { useLoginModal } from './loginModalStore.ts';
import { webLoginSetup } from './loginSetup.ts';
import { useAcceptToken, useSession } from './session.ts';

/**
 * The kit's login modal over any page of the web app (spec 000 §4). On the marketing suite it
 * cannot be dismissed and closes itself once the user is logged in; after a login the web app
 * reloads, stays or goes to the persona onboarding (afterLogin.ts).
 */
export default function LoginModal() {
  const { t } = useTranslation(['auth']);
  const { open, view, locked: lockedByCaller, hide, setView } = useLoginModal();
  const { current } = useSession();
  const acceptToken = useAcceptToken();
  const location = useLocation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const setup = useMemo(() => webLoginSetup(params), [params]);
  const locked = lockedByCaller || isMarketingSuitePath(location.pathname);

  // Logged in by any route (this modal, a token handed over in the URL): nothing left to do here.
  useEffect(() => {
    if (open && current) hide();
  }, [open, current, hide]);

  async function onToken(token: TokenResponse, from: LoginView) {
    await acceptToken(token);
    Toast.success(t(from === 'register' ? 'auth:registered' : from === 'reset' ? 'auth:passwordReset' : 'auth:loggedIn'));
    const next = afterLogin({
      pathname: location.pathname,
      miniProgram: channel.miniProgram,
      personaSet: !!localStorage.getItem(STORAGE_KEYS.persona),
    });
    hide();
    if (next.kind === 'navigate') navigate(next.to);
    else if (next.kind === 'reload') window.location.replace(reloadUrl(window.location.href));
  }

  return (
    <KitLoginModal
      open={open}
      view={view}
      locked={locked}
      onClose={hide}
      onView={setView}
      onToken={onToken}
      setup={setup}
      // A query of exactly "?error" is how an external login flow reports bad credentials.
      initialFailure={location.search === '?error' ? t('auth:errorQuery') : null}
    />
  );
}
