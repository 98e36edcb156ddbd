import { createI18n } from '@productimage/core';
import { I18nextProvider, KitProvider } from '@productimage/kit';
import { lazy, type ReactNode, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { connectBase, NoHostError } from '../base/connect.ts';
import type { BaseAdapter, HostInfo, Theme } from '../base/types.ts';
import { bind, bindingKey, createPluginApi, currentUser, type PluginUser, pluginStorage } from '../session.ts';
import { PluginContext, type PluginContextValue } from './context.ts';
import { pluginLanguage, pluginT } from './i18n.ts';
import './plugin.css';

type State =
  | { phase: 'connecting' }
  | { phase: 'no-host'; reason: NoHostError['reason']; host: NoHostError['host'] }
  | { phase: 'failed'; message: string }
  | { phase: 'ready'; base: BaseAdapter; host: HostInfo };

/**
 * The login modal (the kit's, Semi UI) is its own chunk: a page whose user is logged in, the usual
 * case after the first time, never downloads it.
 */
const PluginLogin = lazy(() => import('./PluginLogin.tsx').then((m) => ({ default: m.PluginLogin })));

/** What the page says when there is no Base to talk to: [title, text] by reason (and host). */
const NO_HOST_TEXTS: Record<string, [string, string]> = {
  'not-framed': ['frame.notFramedTitle', 'frame.notFramed'],
  'no-answer-extension': ['frame.noAnswerTitle', 'frame.noAnswer'],
  'no-answer-block': ['frame.noAnswerTitle', 'frame.blockNoAnswer'],
  'block-unnamed': ['frame.blockUnnamedTitle', 'frame.blockUnnamed'],
};

/**
 * The product's mark on every plugin page (issue 31: branded pages): its logo, served by the web app
 * two folders up (/productimage/logo.svg beside /productimage/feishu-plugins/<name>/), and its name.
 */
function Brand({ appName }: { appName: string }) {
  return (
    <header className="plugin-brand" data-testid="plugin-brand">
      <img src={new URL('../../logo.svg', window.location.href).pathname} alt="" width={20} height={20} />
      <span>{appName}</span>
    </header>
  );
}

/** The tab's title: the plugin's name, then the product's. */
const pageTitle = (title: string, appName: string) => `${title} · ${appName}`;

const applyTheme = (theme: Theme) => {
  document.documentElement.dataset.theme = theme === 'DARK' ? 'dark' : 'light';
  // The kit's login modal is Semi UI, which follows this attribute.
  if (theme === 'DARK') document.body.setAttribute('theme-mode', 'dark');
  else document.body.removeAttribute('theme-mode');
};

/**
 * The frame of every plugin page: connects to the Base (or says plainly that there is none), sets
 * the language and theme from the Base, and, unless `anonymous`, asks for the login first.
 */
export function PluginApp(props: {
  title: (t: PluginContextValue['t']) => string;
  anonymous?: boolean;
  children: ReactNode;
  /** Tests and storybook-like pages pass a Base; real pages connect to the host. */
  connect?: () => Promise<{ base: BaseAdapter; host: HostInfo }>;
}) {
  const [state, setState] = useState<State>({ phase: 'connecting' });
  const [attempt, setAttempt] = useState(0);
  const connect = props.connect ?? connectBase;

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` re-runs the connection (Retry)
  useEffect(() => {
    let live = true;
    setState({ phase: 'connecting' });
    connect().then(
      ({ base, host }) => live && setState({ phase: 'ready', base, host }),
      (error: unknown) => {
        if (!live) return;
        if (error instanceof NoHostError) setState({ phase: 'no-host', reason: error.reason, host: error.host });
        else setState({ phase: 'failed', message: error instanceof Error ? error.message : String(error) });
      },
    );
    return () => {
      live = false;
    };
  }, [connect, attempt]);

  if (state.phase !== 'ready') {
    const t = pluginT(pluginLanguage(navigator.language));
    const appName = t('common:appName');
    document.title = pageTitle(props.title(t), appName);
    if (state.phase === 'connecting')
      return (
        <main className="plugin" aria-busy="true" data-testid="plugin-connecting">
          <Brand appName={appName} />
          <p className="plugin-muted">{t('frame.connecting')}</p>
        </main>
      );
    if (state.phase === 'no-host') {
      const [title, text] = NO_HOST_TEXTS[state.reason === 'no-answer' ? `no-answer-${state.host}` : state.reason] ?? [
        'frame.noAnswerTitle',
        'frame.noAnswer',
      ];
      return (
        <main className="plugin" data-testid="plugin-no-host" data-host={state.host}>
          <Brand appName={appName} />
          <h1>{t(title)}</h1>
          <p>{t(text)}</p>
          <p className="plugin-url">{window.location.href}</p>
        </main>
      );
    }
    return (
      <main className="plugin" data-testid="plugin-failed">
        <Brand appName={appName} />
        <p className="plugin-error">{t('frame.failed', { message: state.message })}</p>
        <button type="button" onClick={() => setAttempt((n) => n + 1)}>
          {t('frame.retry')}
        </button>
      </main>
    );
  }
  return (
    <Connected base={state.base} host={state.host} title={props.title} anonymous={props.anonymous}>
      {props.children}
    </Connected>
  );
}

function Connected(props: {
  base: BaseAdapter;
  host: HostInfo;
  title: (t: PluginContextValue['t']) => string;
  anonymous?: boolean;
  children: ReactNode;
}) {
  const { base, host } = props;
  const language = pluginLanguage(host.language);
  const t = useMemo(() => pluginT(language), [language]);
  // The kit's components (the login modal) translate through react-i18next, in the Base's language.
  const i18n = useMemo(() => createI18n(language), [language]);
  const store = useMemo(() => pluginStorage(), []);
  const [user, setUser] = useState<PluginUser | null | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  const api = useMemo(
    () =>
      createPluginApi(
        store,
        () => language,
        () => setUser(null),
      ),
    [store, language],
  );

  const refreshUser = useCallback(async () => {
    try {
      const next = await currentUser(api, store);
      // Logged in (in another extension or Base) but this Base user not bound yet: bind it, so
      // every extension starts from the binding the auth extension shows.
      if (next && !(await base.getData(bindingKey(host)))) await bind(api, base, host, next);
      setUser(next);
      setError(null);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  }, [api, store, base, host]);

  useEffect(() => {
    document.documentElement.lang = language;
    applyTheme(host.theme);
    const stop = base.onThemeChange(applyTheme);
    void refreshUser();
    return stop;
  }, [base, host, language, refreshUser]);

  useEffect(() => {
    document.title = pageTitle(props.title(t), t('common:appName'));
  }, [props.title, t]);

  const value: PluginContextValue = { base, host, language, t, api, store, user: user ?? null, refreshUser };
  let body: ReactNode = props.children;
  if (user === undefined && !error) body = <p className="plugin-muted">{t('frame.loading')}</p>;
  else if (error && user === undefined) body = <p className="plugin-error">{t('errors.generic', { message: error })}</p>;
  else if (!user && !props.anonymous)
    body = (
      <section data-testid="plugin-login">
        <p>{t('auth.needLogin')}</p>
        <p className="plugin-muted">{t('auth.openAuth')}</p>
        <Suspense fallback={<p className="plugin-muted">{t('frame.loading')}</p>}>
          <PluginLogin
            subtitle={t('auth.needLogin')}
            onLoggedIn={async () => {
              const next = await currentUser(api, store);
              if (next) await bind(api, base, host, next);
              setUser(next);
            }}
          />
        </Suspense>
      </section>
    );
  return (
    <KitProvider api={api} storage={store}>
      <I18nextProvider i18n={i18n}>
        <PluginContext.Provider value={value}>
          <main className="plugin" data-host={base.kind}>
            <Brand appName={t('common:appName')} />
            <h1>{props.title(t)}</h1>
            {user && (
              <p className="plugin-muted" data-testid="plugin-user">
                {t('frame.signedIn', { name: user.name, points: user.points })}
              </p>
            )}
            {body}
          </main>
        </PluginContext.Provider>
      </I18nextProvider>
    </KitProvider>
  );
}
