import './auth.css';
import { Modal, Toast } from '@douyinfe/semi-ui-19';
import { MODAL_WIDTH, STORAGE_KEYS, type TokenResponse } from '@productimage/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { isMobile } from '../../app/layout.ts';
import { AccountView } from './AccountView.tsx';
import { afterLogin, isMarketingSuitePath, reloadUrl } from './afterLogin.ts';
import { channel } from './channel.ts';
import { LoginView } from './LoginView.tsx';
import { useLoginModal } from './loginModalStore.ts';
import { useAcceptToken, useSession } from './session.ts';

const TITLES = { login: 'auth:titleLogin', register: 'auth:titleRegister', reset: 'auth:titleReset' } as const;

/**
 * The login modal over any page (spec 000 §4): login tabs, register and reset views. On the
 * marketing suite it cannot be dismissed and closes itself once the user is logged in.
 */
export default function LoginModal() {
  const { t } = useTranslation(['auth']);
  const { open, view, locked: lockedByCaller, hide, setView } = useLoginModal();
  const { current } = useSession();
  const acceptToken = useAcceptToken();
  const location = useLocation();
  const navigate = useNavigate();
  const [agreed, setAgreed] = useState(false);
  const locked = lockedByCaller || isMarketingSuitePath(location.pathname);

  // Logged in by any route (this modal, a token handed over in the URL): nothing left to do here.
  useEffect(() => {
    if (open && current) hide();
  }, [open, current, hide]);

  async function onToken(token: TokenResponse) {
    await acceptToken(token);
    Toast.success(t(view === 'register' ? 'auth:registered' : view === 'reset' ? 'auth:passwordReset' : 'auth:loggedIn'));
    const next = afterLogin({
      pathname: location.pathname,
      miniProgram: channel.miniProgram,
      personaSet: !!localStorage.getItem(STORAGE_KEYS.persona),
    });
    hide();
    if (next.kind === 'navigate') navigate(next.to);
    else if (next.kind === 'reload') window.location.replace(reloadUrl(window.location.href));
  }

  const shared = { agreed, onAgreedChange: setAgreed, onToken, onView: setView };
  return (
    <Modal
      visible={open}
      onCancel={locked ? undefined : hide}
      closable={!locked}
      maskClosable={!locked}
      closeOnEsc={!locked}
      footer={null}
      width={MODAL_WIDTH.default}
      fullScreen={isMobile}
      className="auth-modal"
      title={
        <div className="auth-title">
          <div>{t(TITLES[view])}</div>
          {view === 'login' && <div className="auth-subtitle">{locked ? t('auth:lockedHint') : t('auth:subtitle')}</div>}
        </div>
      }
    >
      <div data-testid="login-modal" data-view={view} data-locked={locked ? 'true' : 'false'}>
        {view === 'login' ? <LoginView {...shared} /> : <AccountView key={view} kind={view} {...shared} />}
      </div>
    </Modal>
  );
}
