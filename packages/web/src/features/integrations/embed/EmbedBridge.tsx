import './embed.css';
import type { CurrentUser } from '@productimage/core';
import type { EmbedCommandMessage } from '@productimage/core/embed/protocol';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { type NavigateFunction, useLocation, useNavigate } from 'react-router';
import { currentLanguage, setLanguage } from '../../../app/i18n.ts';
import { useLoginModal } from '../../identity/accounts/loginModalStore.ts';
import { CURRENT_USER_KEY, useAcceptToken, useLogout, useSession } from '../../identity/accounts/session.ts';
import { useFlags } from '../../identity/tenants/useFlags.ts';
import { watchContentHeight } from './contentHeight.ts';
import { connectHost, reportSession } from './hostLink.ts';
import { watchNavigateOut } from './navigateOut.ts';
import { emitToHost } from './outbox.ts';
import type { SessionSnapshot } from './sessionEvents.ts';
import { watchFinishedTasks } from './taskWatch.ts';

const snapshotOf = (user: CurrentUser | null | undefined): SessionSnapshot | null =>
  user ? { userId: user.user.id, userName: user.user.userName, balance: user.benefitPackage.remainBeanCount } : null;

/**
 * Tells the host when this page goes away (the login modal reloads it): the host holds its
 * commands until the new page is ready instead of losing them on the closed channel. A message
 * posted in pagehide still leaves.
 */
function watchUnload(): () => void {
  const onPageHide = () => void emitToHost('unload', {});
  window.addEventListener('pagehide', onPageHide);
  return () => window.removeEventListener('pagehide', onPageHide);
}

/** Thrown back to the host when setToken carries a token the server does not accept. */
export const TOKEN_REJECTED = 'EMBED_TOKEN_REJECTED';

interface CommandDeps {
  client: QueryClient;
  navigate: NavigateFunction;
  acceptToken: ReturnType<typeof useAcceptToken>;
  logout: ReturnType<typeof useLogout>;
}

async function runCommand(message: EmbedCommandMessage, deps: CommandDeps) {
  switch (message.type) {
    case 'setToken': {
      const token = message.data.token;
      if (token === null) return deps.logout();
      await deps.acceptToken({ token_type: 'bearer', access_token: token, expires_in: 0 });
      if (!deps.client.getQueryData(CURRENT_USER_KEY)) throw new Error(TOKEN_REJECTED);
      return;
    }
    case 'navigate':
      return void deps.navigate(message.data.route);
    case 'setLanguage':
      return setLanguage(message.data.language);
    case 'openLogin':
      return useLoginModal.getState().show('login');
  }
}

/**
 * The product's side of embedding, rendered by the shell inside an SDK frame: connects to the host
 * through the RPC (only origins the referrer's configuration allows, plus EMBED_ALLOWED_ORIGINS),
 * carries out its commands, and reports ready, size, session, balance, finished tasks and links out.
 */
export default function EmbedBridge() {
  const client = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const { current, loading: sessionLoading } = useSession();
  const { flags, loading: flagsLoading } = useFlags();
  const acceptToken = useAcceptToken();
  const logout = useLogout();
  const [connected, setConnected] = useState(false);
  const deps = useRef<CommandDeps>({ client, navigate, acceptToken, logout });
  deps.current = { client, navigate, acceptToken, logout };
  const readyState = useRef({ route: '', loggedIn: false });
  readyState.current = { route: location.pathname + location.search, loggedIn: !!current };

  // The allow-list comes with the flags; the connection is made once, with the first answer.
  const allowedOrigins = flagsLoading ? null : flags.allowedOrigins;
  useEffect(() => {
    if (!allowedOrigins) return;
    connectHost(allowedOrigins, (message) => runCommand(message, deps.current))?.then(
      () => {
        // Before any host command runs: say hello and set what the host knows of the session.
        void emitToHost('ready', { ...readyState.current, language: currentLanguage() });
        reportSession(snapshotOf(deps.current.client.getQueryData<CurrentUser | null>(CURRENT_USER_KEY)));
        setConnected(true);
      },
      () => undefined,
    );
  }, [allowedOrigins]);

  useEffect(() => {
    if (!connected) return;
    const stops = [
      watchContentHeight((height) => void emitToHost('resize', { height })),
      watchNavigateOut(),
      watchFinishedTasks(client),
      watchUnload(),
    ];
    return () => {
      for (const stop of stops) stop();
    };
  }, [connected, client]);

  const snapshotKey = JSON.stringify(snapshotOf(current));
  useEffect(() => {
    if (connected && !sessionLoading) reportSession(JSON.parse(snapshotKey));
  }, [connected, sessionLoading, snapshotKey]);

  return null;
}
