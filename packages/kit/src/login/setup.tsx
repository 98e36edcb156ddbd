import type { ChannelInfo } from '@productimage/core';
import { createContext, type ReactNode, useContext } from 'react';
import type { AgreementFile } from './agreementFiles.ts';

/**
 * What the login modal needs to know about the front end it runs in (web app, Base extension).
 * Everything else (the API client) comes from the surrounding <KitProvider>.
 */
export interface LoginSetup {
  /**
   * How the page was entered: a mini-program logs in by SMS only and tells the server which host it
   * came from (`reqHost`); a referrer is passed on with the login.
   */
  channel: Pick<ChannelInfo, 'miniProgram' | 'referrer' | 'host'>;
  /** Phone layout: full-screen modal, agreement documents in a frame, one password field to register. */
  isMobile: boolean;
  /** The page's query: a partner's `client_id`/`redirect_uri` and an `inviteCode` go with the login. */
  query: URLSearchParams;
  /** The address of an agreement document; `framed` is the phone's in-modal frame (no page chrome). */
  agreementUrl(file: AgreementFile, framed: boolean): string;
}

const Context = createContext<LoginSetup | null>(null);

/** Gives the login views (and a code field used elsewhere, e.g. account settings) their set-up. */
export function LoginSetupProvider({ setup, children }: { setup: LoginSetup; children: ReactNode }) {
  return <Context.Provider value={setup}>{children}</Context.Provider>;
}

/** The set-up of the surrounding <LoginSetupProvider> (the login modal provides one itself). */
export function useLoginSetup(): LoginSetup {
  const setup = useContext(Context);
  if (!setup) throw new Error('the login views need a <LoginSetupProvider> (or the <LoginModal>) around them');
  return setup;
}
