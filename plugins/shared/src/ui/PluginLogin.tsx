import { LocaleProvider } from '@douyinfe/semi-ui-19';
import { BASE_PATH, saveToken } from '@productimage/core';
import { type AgreementFile, type LoginView, useKit } from '@productimage/kit';
import { LoginModal, type LoginSetup } from '@productimage/kit/login';
import { useMemo, useState } from 'react';
import { usePlugin } from './context.ts';
import { semiLocaleOf } from './semi-locale.ts';

/** A Base side panel is narrow: below this width the modal's phone layout is the one that fits. */
const NARROW_PX = 600;

/** The web app's agreement page (same origin as the extensions); `framed` is the in-modal frame. */
const agreementUrl = (file: AgreementFile, framed: boolean) =>
  `${BASE_PATH}/user-agreement?file=${file}${framed ? '&mobile=true&headHidden=true' : ''}`;

/**
 * The web app's login modal (the kit's: SMS, e-mail and password tabs, image captcha, agreement,
 * register and reset) in a Base extension. It stays open, and cannot be dismissed, until the user
 * is logged in; the token goes to the extensions' own storage (never to the Base, see session.ts).
 */
export function PluginLogin({ subtitle, onLoggedIn }: { subtitle: string; onLoggedIn(): Promise<void> }) {
  const { storage } = useKit();
  const { language } = usePlugin();
  const [view, setView] = useState<LoginView>('login');
  const setup = useMemo<LoginSetup>(() => {
    const narrow = window.innerWidth < NARROW_PX;
    return {
      // Extensions are not entered through a channel: the product's own client, no referrer.
      channel: { miniProgram: false, referrer: null, host: window.location.host },
      isMobile: narrow,
      query: new URLSearchParams(window.location.search),
      agreementUrl,
    };
  }, []);
  return (
    // Semi's own strings (modal buttons, empty states) in the Base's language, like the plugin texts.
    <LocaleProvider locale={semiLocaleOf(language)}>
      <LoginModal
        open
        locked
        view={view}
        onView={setView}
        onClose={() => undefined}
        onToken={async (token) => {
          saveToken(storage, token);
          await onLoggedIn();
        }}
        setup={setup}
        fullScreen={setup.isMobile}
        subtitle={subtitle}
      />
    </LocaleProvider>
  );
}
