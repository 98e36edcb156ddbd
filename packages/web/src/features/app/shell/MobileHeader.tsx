import {
  IconChevronDown,
  IconCustomerSupport,
  IconHome,
  IconImage,
  IconScissors,
  IconShoppingBag,
  IconUser,
  IconUserCircle,
} from '@douyinfe/semi-icons';
import { Button } from '@douyinfe/semi-ui-19';
import { isRouteHidden } from '@productimage/core';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ROUTES, type RouteDef } from '../../../app/routes.ts';
import { menuMotion } from '../../../shared/motion.ts';
import { useLoginModal } from '../../identity/accounts/loginModalStore.ts';
import { unavailableReason } from './availability.ts';
import { Deferred, shellOverlays } from './deferred.tsx';
import { BackButton, MobileCoins, MobileLanguageSwitch } from './MobileControls.tsx';
import { MobileMeMenu } from './MobileMeMenu.tsx';
import { routeGate } from './menus.ts';
import { useViewer } from './useViewer.ts';
import './shell.css';

// Loaded at the first tap on "consult" (issue 16: the side sheet, the form and its validation are
// not part of the first load).
const ConsultantSheet = lazy(() =>
  import('../../commerce/leads/ConsultantSheet.tsx').then((m) => ({ default: m.ConsultantSheet })),
);

const FEATURE_ICONS: Record<string, ReactNode> = {
  home: <IconHome />,
  humanFigureImage: <IconUser />,
  modelPhotoNew: <IconUserCircle />,
  aiProductImage: <IconShoppingBag />,
  aiCutout: <IconScissors />,
  productBg: <IconImage />,
};

/** The mobile feature routes: those whose configuration asks for the mobile header, home aside. */
export const MOBILE_FEATURES: RouteDef[] = ROUTES.filter((r) => r.mobileHeader && r.id !== 'home');

/**
 * The mobile header (spec 000 §2), only on routes configured for it: the current feature's icon,
 * a switcher to home and the other feature routes that work in this deployment, the coin balance
 * with its unit and the tier's coin (a tap explains topping up), language; back unless hideBack.
 */
export function MobileHeader({ route, hideBack }: { route: RouteDef; hideBack: boolean }) {
  const { t } = useTranslation(['common', 'shell', 'routes']);
  const navigate = useNavigate();
  const { current, flags, viewer, availability } = useViewer();
  const showLogin = useLoginModal((s) => s.show);
  /** null until the consultant sheet is first opened (it is loaded then). */
  shellOverlays.usePrefetch();
  const [consultant, setConsultant] = useState<boolean | null>(null);
  const others = MOBILE_FEATURES.filter(
    (r) => r.id !== route.id && !isRouteHidden(flags, r.path) && !routeGate(r, viewer) && !unavailableReason(r, availability),
  );
  const home = ROUTES.find((r) => r.id === 'home');
  if (route.id !== 'home' && home && !isRouteHidden(flags, '/')) others.unshift(home);
  const canGoBack = !hideBack && route.id !== 'home';

  return (
    <header className="mobile-header" data-testid="mobile-header">
      {canGoBack && <BackButton />}
      <Deferred
        module={shellOverlays}
        trigger="click"
        render={({ Dropdown }, trigger) => (
          <Dropdown
            trigger="click"
            position="bottomLeft"
            motion={menuMotion()}
            render={
              <Dropdown.Menu>
                {others.map((r) => (
                  <Dropdown.Item
                    key={r.id}
                    icon={FEATURE_ICONS[r.id]}
                    onClick={() => navigate(r.path)}
                    data-testid={`mobile-feature-${r.id}`}
                  >
                    {t(`routes:${r.id}`)}
                  </Dropdown.Item>
                ))}
              </Dropdown.Menu>
            }
          >
            {trigger}
          </Dropdown>
        )}
      >
        <span className="mobile-feature" data-testid="mobile-feature-switch" data-current={route.id}>
          {FEATURE_ICONS[route.id] ?? <IconHome />}
          <span className="mobile-feature-name">{t(`routes:${route.id}`)}</span>
          <IconChevronDown size="small" />
        </span>
      </Deferred>
      <span className="spacer" />
      <Button
        theme="borderless"
        icon={<IconCustomerSupport />}
        aria-label={t('shell:consult')}
        onClick={() => setConsultant(true)}
        data-testid="mobile-consult"
      />
      <MobileLanguageSwitch />
      {current ? (
        !flags.hideCoins && <MobileCoins current={current} />
      ) : (
        <Button theme="solid" size="small" onClick={() => showLogin('login')} data-testid="mobile-login">
          {t('shell:login')}
        </Button>
      )}
      {current ? <MobileMeMenu /> : null}
      {consultant !== null && (
        <Suspense fallback={null}>
          <ConsultantSheet open={consultant} onClose={() => setConsultant(false)} webSource="mobile-consultant" />
        </Suspense>
      )}
    </header>
  );
}
