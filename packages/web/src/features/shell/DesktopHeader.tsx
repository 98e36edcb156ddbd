import { IconCrown, IconLanguage } from '@douyinfe/semi-icons';
import { Button } from '@douyinfe/semi-ui-19';
import { HEADER_OPAQUE_SCROLL_PX } from '@productimage/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { setLanguage } from '../../app/i18n.ts';
import { useLoginModal } from '../auth/loginModalStore.ts';
import { InboxBell } from '../inbox/InboxBell.tsx';
import { leadTypeFor, useLeadModal } from '../leads/leadModalStore.ts';
import { HeaderMenus } from './HeaderMenus.tsx';
import { CoinBalance, EnterpriseServiceButton, InvitePopover, UserMenu } from './HeaderWidgets.tsx';
import { showsConsole } from './menus.ts';
import { useThrottledScrollY } from './useScroll.ts';
import { useViewer } from './useViewer.ts';

/**
 * Desktop header (spec 000 §2): logo, grouped menus, benefits centre, coins with add-purchase,
 * invite popover, enterprise service, inbox bell, language, user menu; register/login when anonymous.
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
      {current && !flags.hideInvite && <InvitePopover current={current} />}
      <EnterpriseServiceButton onClick={() => showLead(leadTypeFor(flags.menuSet), 'header-enterprise-service')} />
      {current && <InboxBell />}
      <Button
        theme="borderless"
        icon={<IconLanguage />}
        onClick={() => setLanguage(i18n.language === 'en' ? 'zh' : 'en')}
        data-testid="language-switch"
      >
        {i18n.language === 'en' ? t('languageZh') : t('languageEn')}
      </Button>
      {current ? (
        <UserMenu current={current} showConsole={showsConsole(viewer)} />
      ) : (
        <Button theme="solid" data-testid="login-button" onClick={() => showLogin('login')}>
          {t('shell:loginOrRegister')}
        </Button>
      )}
    </header>
  );
}
