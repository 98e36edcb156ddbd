import { useTranslation } from 'react-i18next';
import type { RouteDef } from '../../../app/routes.ts';
import { BackButton, HomeButton, MobileLanguageSwitch } from './MobileControls.tsx';
import { MobileMeMenu } from './MobileMeMenu.tsx';
import './shell.css';

/**
 * The slim top bar of mobile pages without the feature header (spec 000 §2 gives the feature header
 * to configured routes only): back (unless hideBack), the page's name, language, home and the
 * "me" menu (history, inbox, settings, log out).
 */
export function MobileBackBar({ route, hideBack }: { route: RouteDef | null; hideBack: boolean }) {
  const { t } = useTranslation(['routes', 'common']);
  const onHome = route?.id === 'home';
  return (
    <header className="mobile-back-bar" data-testid="mobile-back-bar">
      {!hideBack && !onHome && <BackButton />}
      <span className="mobile-back-title">{route ? t(`routes:${route.id}`) : t('common:notFoundTitle')}</span>
      <MobileLanguageSwitch />
      {!onHome && <HomeButton />}
      <MobileMeMenu />
    </header>
  );
}
