import { IconCrown, IconLanguage } from '@douyinfe/semi-icons';
import { Button } from '@douyinfe/semi-ui-19';
import { HEADER_OPAQUE_SCROLL_PX } from '@productimage/core';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { setLanguage } from '../../../app/i18n.ts';
import { leadTypeFor, useLeadModal } from '../../commerce/leads/leadModalStore.ts';
import { useLoginModal } from '../../identity/accounts/loginModalStore.ts';
import { HeaderMenus } from './HeaderMenus.tsx';
import { CoinBalance, EnterpriseServiceButton, HelpLink } from './HeaderWidgets.tsx';
import { showsConsole } from './menus.ts';
import { useThrottledScrollY } from './useScroll.ts';
import { useViewer } from './useViewer.ts';

// What only a logged-in user sees loads after the first paint (issue 16: popover, dropdown, avatar,
// input and toast are not in the first load); an anonymous visitor never loads it.
const userWidgets = () => import('./HeaderUserWidgets.tsx');
const InvitePopover = lazy(() => userWidgets().then((m) => ({ default: m.InvitePopover })));
const UserMenu = lazy(() => userWidgets().then((m) => ({ default: m.UserMenu })));
const InboxBell = lazy(() => import('../../identity/inbox/InboxBell.tsx').then((m) => ({ default: m.InboxBell })));

/**
 * Desktop header (spec 000 §2): logo, grouped menus, benefits centre, coins with add-purchase,
 * invite popover, the tenant's help link, enterprise service, inbox bell, language, user menu; register/login when anonymous.
 * On home it is see-through until 640 px of scroll.
 */
export function DesktopHeader({
  onHome,
  activeGroup,
  hideMenus = false,
}: {
  onHome: boolean;
  activeGroup: string | null;
  /** Pages that show only their own entry hide the header tabs (spec 000 §2: /ai-video-single). */
  hideMenus?: boolean;
}) {
  const { t, i18n } = useTranslation(['common', 'shell', 'routes']);
  const { current, flags, menus, loading, viewer } = useViewer();
  const showLogin = useLoginModal((s) => s.show);
  const showLead = useLeadModal((s) => s.show);
  const y = useThrottledScrollY();
  const opaque = !onHome || y >= HEADER_OPAQUE_SCROLL_PX;
  return (
    <header className={`desktop-header${opaque ? ' opaque' : ' see-through'}`} data-testid="desktop-header" data-opaque={opaque}>
      <Link to="/" className="logo" data-testid="header-logo">
        {!loading && <img src={flags.logo ?? `${import.meta.env.BASE_URL}logo.svg`} alt={flags.logo ? flags.tenantName : ''} />}
        {loading || flags.logo ? null : t('appName')}
      </Link>
      {/* Until the flags arrive no menus show, so a tenant's visitors never see another tenant's menus. */}
      <HeaderMenus menus={loading || hideMenus ? [] : menus} activeGroup={activeGroup} />
      <span className="spacer" />
      {current && (
        <Link to="/member" className="header-link" title={t('routes:member')} data-testid="benefits-link">
          <IconCrown />
          <span className="header-label">{t('routes:member')}</span>
        </Link>
      )}
      {current && !flags.hideCoins && <CoinBalance current={current} />}
      {current && !flags.hideInvite && (
        <Suspense fallback={null}>
          <InvitePopover current={current} />
        </Suspense>
      )}
      <HelpLink />
      <EnterpriseServiceButton onClick={() => showLead(leadTypeFor(flags.menuSet), 'header-enterprise-service')} />
      {current && (
        <Suspense fallback={null}>
          <InboxBell />
        </Suspense>
      )}
      <Button
        theme="borderless"
        icon={<IconLanguage />}
        onClick={() => setLanguage(i18n.language === 'en' ? 'zh' : 'en')}
        data-testid="language-switch"
      >
        {i18n.language === 'en' ? t('languageZh') : t('languageEn')}
      </Button>
      {current ? (
        <Suspense fallback={null}>
          <UserMenu current={current} showConsole={showsConsole(viewer)} />
        </Suspense>
      ) : (
        <Button theme="solid" data-testid="login-button" onClick={() => showLogin('login')}>
          {t('shell:loginOrRegister')}
        </Button>
      )}
    </header>
  );
}
