import { isRouteHidden } from '@productimage/core';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation, useSearchParams } from 'react-router';
import { BackToTop } from '../features/app/shell/BackToTop.tsx';
import { DesktopHeader } from '../features/app/shell/DesktopHeader.tsx';
import { FloatingHelper } from '../features/app/shell/FloatingHelper.tsx';
import { MobileBackBar } from '../features/app/shell/MobileBackBar.tsx';
import { MobileHeader } from '../features/app/shell/MobileHeader.tsx';
import { agreementFileOf } from '../features/identity/accounts/agreementFiles.ts';
import { useLoginModal } from '../features/identity/accounts/loginModalStore.ts';
import { CURRENT_USER_KEY } from '../features/identity/accounts/session.ts';
import { embedContext } from '../features/integrations/embed/embedContext.ts';
import '../features/app/shell/shell.css';
import { groupOfRoute, landingPath, routeGate } from '../features/app/shell/menus.ts';
import { reportNotEnoughCoins } from '../features/app/shell/reminders/insufficientCoins.ts';
import { SideBar } from '../features/app/shell/SideBar.tsx';
import { applyToastRules } from '../features/app/shell/toastConfig.ts';
import { useViewer } from '../features/app/shell/useViewer.ts';
import { PageLoading } from '../shared/PageLoading.tsx';
import { onBalanceMayChange } from './api.ts';
import { isMobile } from './layout.ts';
import { findRoute } from './routes.ts';

const LoginModal = lazy(() => import('../features/identity/accounts/LoginModal.tsx'));
// Not part of the first load (issue 16: at most 200 KB of JS before the home page shows): the
// error pages and the modals that start closed load on demand, after the first paint.
const NotFoundPage = lazy(() => import('../features/app/shell/NotFoundPage.tsx'));
const ForbiddenPage = lazy(() => import('../features/app/shell/ForbiddenPage.tsx'));
const LeadModal = lazy(() => import('../features/commerce/leads/LeadModal.tsx').then((m) => ({ default: m.LeadModal })));
const ProfilePrompt = lazy(() =>
  import('../features/identity/settings/ProfilePrompt.tsx').then((m) => ({ default: m.ProfilePrompt })),
);
const reminders = () => import('../features/app/shell/reminders/ReminderModals.tsx');
const MembershipReminderModal = lazy(() => reminders().then((m) => ({ default: m.MembershipReminderModal })));
const InsufficientCoinsModal = lazy(() => reminders().then((m) => ({ default: m.InsufficientCoinsModal })));
const EmbedBridge = lazy(() => import('../features/integrations/embed/EmbedBridge.tsx'));

applyToastRules();

const isOn = (value: string | null) => value === 'true' || value === '1';

/** Any mutation that fails for too few coins (code 3002) opens the insufficient-lingshi modal. */
function useNotEnoughCoinsWatch() {
  const client = useQueryClient();
  useEffect(
    () =>
      client.getMutationCache().subscribe((event) => {
        if (event.type === 'updated' && event.action.type === 'error') reportNotEnoughCoins(event.action.error);
      }),
    [client],
  );
}

/** The header balance is read again (once, 300 ms after the last) whenever a call may have moved it. */
function useBalanceRefresh() {
  const client = useQueryClient();
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = onBalanceMayChange(() => {
      clearTimeout(timer);
      timer = setTimeout(() => void client.invalidateQueries({ queryKey: CURRENT_USER_KEY }), 300);
    });
    return () => {
      clearTimeout(timer);
      stop();
    };
  }, [client]);
}

/**
 * The frame around every page (spec 000 §2): header (desktop or mobile), side bar, floating helper,
 * and the modals anyone may open. Tenant and referrer flags from the server decide what shows; a
 * route the tenant hides is treated as unknown, a gated one (vip, chat, custom figure) as forbidden.
 */
export function Shell() {
  const [params] = useSearchParams();
  const location = useLocation();
  const { open, show } = useLoginModal();
  const { current, flags, viewer, menus, loading } = useViewer();
  useNotEnoughCoinsWatch();
  useBalanceRefresh();
  const headHidden = isOn(params.get('headHidden')) || flags.hideHeader || !!embedContext?.headHidden;
  const hideBack = isOn(params.get('hideBack')) || !!embedContext?.hideBack;

  // ?login=1 opens the login modal, ?loginType=register opens registration, ?error shows the error.
  useEffect(() => {
    if (params.get('loginType') === 'register') show('register');
    else if (params.get('login') === '1' || location.search === '?error') show('login');
  }, [params, location.search, show]);

  const route = findRoute(location.pathname);
  // The title names the route even when a gate shows the forbidden page instead of it.
  // Re-rendered when namespaces arrive too ('loaded'): the agreement texts come after the first screen.
  const { t, i18n } = useTranslation(undefined, { bindI18n: 'languageChanged loaded' });
  // The agreement page is titled by the document it shows (privacy policy, third-party list...).
  const file = route?.id === 'userAgreement' ? agreementFileOf(params.get('file')) : null;
  useEffect(() => {
    // Reached inside the app before the rest of the language arrived: titled once it has.
    if (file && !i18n.hasLoadedNamespace('agreement')) return;
    const name = file ? t(`agreement:${file}.title`) : route ? t(`routes:${route.id}`) : t('notFoundTitle');
    document.title = `${name} - ${t('appName')}`;
  }, [route, file, t, i18n]);
  const group = route ? groupOfRoute(menus, route.id) : null;

  let page = <Outlet />;
  if (loading) page = <PageLoading />;
  else if (route && isRouteHidden(flags, location.pathname)) {
    const landing = route.id === 'home' ? landingPath(menus) : null;
    if (landing) page = <Navigate to={landing} replace />;
    else page = isMobile ? <Navigate to="/" replace /> : <NotFoundPage />;
  } else if (route) {
    const gate = routeGate(route, viewer);
    if (gate) page = <ForbiddenPage reason={gate} />;
  }

  // A route that shows only its own entry (/ai-video-single) keeps a side bar of that one entry.
  const sideGroup =
    group && route?.onlyEntry ? { ...group, items: group.items.filter((item) => item.route.id === route.id) } : group;
  const sideBar =
    !isMobile &&
    route &&
    !route.noSidebar &&
    !flags.hideSidebar &&
    sideGroup &&
    (sideGroup.items.length > 1 || route.onlyEntry) ? (
      <SideBar group={sideGroup} activeRouteId={route.id} />
    ) : null;
  const onHome = route?.id === 'home';

  return (
    <div
      className={`app-root layout-${isMobile ? 'mobile' : 'desktop'}${!isMobile && !flags.hideFloating ? ' has-floating-helper' : ''}`}
    >
      {!headHidden && !isMobile && (
        <DesktopHeader onHome={onHome} activeGroup={group?.id ?? null} hideMenus={!!route?.onlyEntry} />
      )}
      {!headHidden && isMobile && route?.mobileHeader && <MobileHeader route={route} hideBack={hideBack} />}
      {/* Every other mobile page still has a way back and home (spec 000 §2 headHidden, hideBack). */}
      {!headHidden && isMobile && !route?.mobileHeader && <MobileBackBar route={route ?? null} hideBack={hideBack} />}
      <div className="app-body">
        {sideBar}
        <main className="app-main">
          <Suspense fallback={<PageLoading />}>{page}</Suspense>
        </main>
      </div>
      {!isMobile && !flags.hideFloating && !loading && <FloatingHelper flags={flags} />}
      {isMobile && <BackToTop />}
      <Suspense fallback={null}>
        {!isMobile && <LeadModal />}
        {current && <MembershipReminderModal />}
        {current && flags.profileCompletion && <ProfilePrompt />}
        <InsufficientCoinsModal />
      </Suspense>
      {embedContext && (
        <Suspense fallback={null}>
          <EmbedBridge />
        </Suspense>
      )}
      {open && (
        <Suspense fallback={null}>
          <LoginModal />
        </Suspense>
      )}
    </div>
  );
}
