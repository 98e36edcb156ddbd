import './login.css';
import { Modal } from '@douyinfe/semi-ui-19';
import { MODAL_WIDTH, type TokenResponse } from '@productimage/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LoginView as View } from '../loginModal.ts';
import { AccountView } from './AccountView.tsx';
import { LoginView } from './LoginView.tsx';
import { type LoginSetup, LoginSetupProvider } from './setup.tsx';

const TITLES = { login: 'auth:titleLogin', register: 'auth:titleRegister', reset: 'auth:titleReset' } as const;

export interface LoginModalProps {
  open: boolean;
  view: View;
  /** The user cannot close it (marketing suite, a Base extension that needs the login first). */
  locked: boolean;
  onClose(): void;
  onView(view: View): void;
  /** A login, registration or reset succeeded: the front end keeps the token and goes on. */
  onToken(token: TokenResponse, view: View): Promise<void>;
  setup: LoginSetup;
  /** A failure to show on the login view from the start (the web app's `?error`). */
  initialFailure?: string | null;
  /** Full-screen instead of a centred dialog (phones; a Base extension's narrow side panel). */
  fullScreen?: boolean;
  /** The line under the login title; the web app's own sentence when omitted. */
  subtitle?: string;
}

/**
 * The login modal of every front end (spec 000 §4): SMS, e-mail and password tabs with the image
 * captcha and proof of work before a code is sent, the agreement tick, and the register and reset
 * views. The web app opens it over any page; a Base extension shows it until the user is logged
 * in. The API client comes from <KitProvider>; what differs between front ends is in `setup`.
 */
export function LoginModal(props: LoginModalProps) {
  const { open, view, locked, onClose, onView, onToken, setup, initialFailure, fullScreen, subtitle } = props;
  const { t } = useTranslation(['auth']);
  const [agreed, setAgreed] = useState(false);
  const shared = { agreed, onAgreedChange: setAgreed, onToken: (token: TokenResponse) => onToken(token, view), onView };
  return (
    <LoginSetupProvider setup={setup}>
      <Modal
        visible={open}
        onCancel={locked ? undefined : onClose}
        closable={!locked}
        maskClosable={!locked}
        closeOnEsc={!locked}
        footer={null}
        width={MODAL_WIDTH.default}
        fullScreen={fullScreen ?? setup.isMobile}
        className="auth-modal"
        title={
          <div className="auth-title">
            <div>{t(TITLES[view])}</div>
            {view === 'login' && (
              <div className="auth-subtitle">{subtitle ?? (locked ? t('auth:lockedHint') : t('auth:subtitle'))}</div>
            )}
          </div>
        }
      >
        <div data-testid="login-modal" data-view={view} data-locked={locked ? 'true' : 'false'}>
          {view === 'login' ? (
            <LoginView {...shared} initialFailure={initialFailure} />
          ) : (
            <AccountView key={view} kind={view} {...shared} />
          )}
        </div>
      </Modal>
    </LoginSetupProvider>
  );
}
