import { type ComponentType, lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoginModal } from '../features/auth/loginModalStore.ts';
import { useSession } from '../features/auth/session.ts';
import ComingSoonPage from '../features/shell/ComingSoonPage.tsx';
import { PageLoading } from '../shared/PageLoading.tsx';
import type { RouteDef } from './routes.ts';

const lazyPages = new Map<RouteDef['page'], ComponentType>();
function pageOf(def: RouteDef): ComponentType {
  if (!def.page) return () => <ComingSoonPage routeId={def.id} />;
  let page = lazyPages.get(def.page);
  if (!page) {
    page = lazy(def.page);
    lazyPages.set(def.page, page);
  }
  return page;
}

/** One route: sets the document title, guards login, lazy-loads the page. */
export function RoutePage({ def }: { def: RouteDef }) {
  const { t } = useTranslation();
  const { current, loading } = useSession();
  const showLogin = useLoginModal((s) => s.show);
  const needsLogin = def.login && !loading && !current;

  useEffect(() => {
    document.title = `${t(`routes:${def.id}`)} - ${t('appName')}`;
  }, [def.id, t]);
  useEffect(() => {
    if (needsLogin) showLogin('login');
  }, [needsLogin, showLogin]);

  if (def.login && (loading || !current)) return <PageLoading />;
  const Page = pageOf(def);
  return (
    <Suspense fallback={<PageLoading />}>
      <Page />
    </Suspense>
  );
}
