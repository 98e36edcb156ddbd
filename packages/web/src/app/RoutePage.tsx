import { ErrorBoundary } from '@productimage/kit';
import { type ComponentType, lazy, Suspense, useEffect } from 'react';
import { unavailableReason } from '../features/app/shell/availability.ts';
import { useViewer } from '../features/app/shell/useViewer.ts';
import { LoginRequired } from '../features/identity/accounts/LoginRequired.tsx';
import { useLoginModal } from '../features/identity/accounts/loginModalStore.ts';
import { useSession } from '../features/identity/accounts/session.ts';
import { PageLoading } from '../shared/PageLoading.tsx';
import { afterI18n, FIRST_SCREEN_ROUTES } from './i18n.ts';
import { pageOf as loaderOf, type PageModule } from './pages.ts';
import type { RouteDef } from './routes.ts';

// The coming-soon page (with its illustration) loads only when a route needs it (issue 16).
const ComingSoonPage = lazy(afterI18n(() => import('../features/app/shell/ComingSoonPage.tsx')));

const lazyPages = new Map<() => PageModule, ComponentType>();
function pageOf(def: RouteDef): ComponentType {
  const load = loaderOf(def);
  if (!load || def.notBuilt) return () => <ComingSoonPage routeId={def.id} />;
  let page = lazyPages.get(load);
  if (!page) {
    // Any other page's code arrives with every namespace of the current language (docs/performance.md "i18n on demand").
    page = lazy(FIRST_SCREEN_ROUTES.includes(def.id) ? load : afterI18n(load));
    lazyPages.set(load, page);
  }
  return page;
}

/**
 * One route: guards login, lazy-loads the page (the shell sets the title). A tool that is not built
 * here or whose external link is missing (features/shell/availability.ts) shows the coming-soon page
 * with the reason instead.
 */
export function RoutePage({ def }: { def: RouteDef }) {
  const { current, loading } = useSession();
  const { availability } = useViewer();
  const unavailable = unavailableReason(def, availability);
  const showLogin = useLoginModal((s) => s.show);
  const needsLogin = def.login && !def.quietLogin && !loading && !current;

  useEffect(() => {
    if (needsLogin) showLogin('login');
  }, [needsLogin, showLogin]);

  if (def.login && loading) return <PageLoading />;
  // Behind the login modal, and after it is closed: say why the page is empty, never spin forever.
  if (def.login && !current) return <LoginRequired />;
  // A built tool whose engine is missing still opens: its own banner says what it needs and its
  // generate button stays disabled, so nothing is charged (menus and home mark it all the same).
  if (unavailable && unavailable !== 'engine') return <ComingSoonPage routeId={def.id} reason={unavailable} />;
  const Page = pageOf(def);
  // A page whose code failed to load (e.g. after a deploy) says so and offers to try again.
  return (
    <ErrorBoundary
      key={def.id}
      onRetry={() => {
        const load = loaderOf(def);
        if (load) lazyPages.delete(load);
      }}
    >
      <Suspense fallback={<PageLoading />}>
        <Page />
      </Suspense>
    </ErrorBoundary>
  );
}
