import {
  IconChevronDown,
  IconChevronLeft,
  IconCustomerSupport,
  IconHome,
  IconImage,
  IconScissors,
  IconShoppingBag,
  IconUser,
  IconUserCircle,
} from '@douyinfe/semi-icons';
import { Button, Dropdown } from '@douyinfe/semi-ui-19';
import { isRouteHidden } from '@productimage/core';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ROUTES, type RouteDef } from '../../app/routes.ts';
import { useLoginModal } from '../auth/loginModalStore.ts';
import { ConsultantSheet } from '../leads/ConsultantSheet.tsx';
import { CoinIcon } from './CoinIcon.tsx';
import { useViewer } from './useViewer.ts';

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
 * a switcher to the other feature routes, the coin balance with the tier's coin; back unless hideBack.
 */
export function MobileHeader({ route, hideBack }: { route: RouteDef; hideBack: boolean }) {
  const { t } = useTranslation(['common', 'shell', 'routes']);
  const navigate = useNavigate();
  const { current, flags } = useViewer();
  const showLogin = useLoginModal((s) => s.show);
  const [consultant, setConsultant] = useState(false);
  const others = MOBILE_FEATURES.filter((r) => r.id !== route.id && !isRouteHidden(flags, r.path));
  const canGoBack = !hideBack && route.id !== 'home' && window.history.length > 1;

  return (
    <header className="mobile-header" data-testid="mobile-header">
      {canGoBack && (
        <Button
          theme="borderless"
          icon={<IconChevronLeft />}
          aria-label={t('shell:back')}
          onClick={() => navigate(-1)}
          data-testid="mobile-back"
        />
      )}
      <Dropdown
        trigger="click"
        position="bottomLeft"
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
        <span className="mobile-feature" data-testid="mobile-feature-switch" data-current={route.id}>
          {FEATURE_ICONS[route.id] ?? <IconHome />}
          <span>{t(`routes:${route.id}`)}</span>
          <IconChevronDown size="small" />
        </span>
      </Dropdown>
      <span className="spacer" />
      <Button
        theme="borderless"
        icon={<IconCustomerSupport />}
        aria-label={t('shell:consult')}
        onClick={() => setConsultant(true)}
        data-testid="mobile-consult"
      />
      {current ? (
        !flags.hideCoins && (
          <span className="coins" data-testid="mobile-coin-balance">
            <CoinIcon tier={current.benefitPackage.product.productType} />
            {current.benefitPackage.remainBeanCount}
          </span>
        )
      ) : (
        <Button theme="solid" size="small" onClick={() => showLogin('login')} data-testid="mobile-login">
          {t('shell:login')}
        </Button>
      )}
      <ConsultantSheet open={consultant} onClose={() => setConsultant(false)} webSource="mobile-consultant" />
    </header>
  );
}
