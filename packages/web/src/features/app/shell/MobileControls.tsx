import { IconChevronLeft, IconHome, IconLanguage } from '@douyinfe/semi-icons';
import { Button } from '@douyinfe/semi-ui-19';
import type { CurrentUser } from '@productimage/core';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { setLanguage } from '../../../app/i18n.ts';
import { CoinIcon } from './CoinIcon.tsx';

// The coin guide (a modal) loads at the first tap on the balance (issue 16: not in the first load).
const CoinGuideModal = lazy(() => import('./CoinGuideModal.tsx'));

/** react-router keeps the position in history; 0 means this page was opened directly. */
const historyIndex = () => (window.history.state as { idx?: number } | null)?.idx ?? 0;

/**
 * Back to the previous page of the app, or home when the page was opened directly (a shared link,
 * a partner's frame): a phone user always has a way out besides the browser.
 */
export function BackButton() {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  return (
    <Button
      theme="borderless"
      icon={<IconChevronLeft />}
      aria-label={t('back')}
      onClick={() => (historyIndex() > 0 ? navigate(-1) : navigate('/'))}
      data-testid="mobile-back"
    />
  );
}

export function HomeButton() {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  return (
    <Button
      theme="borderless"
      icon={<IconHome />}
      aria-label={t('home')}
      onClick={() => navigate('/')}
      data-testid="mobile-home"
    />
  );
}

/** The language switch of the mobile layout: names the other language, like the desktop one. */
export function MobileLanguageSwitch() {
  const { t, i18n } = useTranslation('common');
  const other = i18n.language === 'en' ? 'zh' : 'en';
  return (
    <Button
      theme="borderless"
      size="small"
      icon={<IconLanguage />}
      aria-label={t('language')}
      onClick={() => setLanguage(other)}
      data-testid="language-switch"
    >
      {other === 'en' ? t('languageEn') : t('languageZh')}
    </Button>
  );
}

/**
 * The coin balance with its unit; a tap explains coins and where to top up (spec 000 §4: on mobile,
 * in the desktop benefits centre; enterprise accounts through customer service).
 */
export function MobileCoins({ current }: { current: CurrentUser }) {
  const { t } = useTranslation(['common', 'shell']);
  const [open, setOpen] = useState(false);
  const count = current.benefitPackage.remainBeanCount;
  return (
    <>
      <button type="button" className="coins mobile-coins" onClick={() => setOpen(true)} data-testid="mobile-coin-balance">
        <CoinIcon tier={current.benefitPackage.product.productType} />
        <span>{t('coinsCount', { count })}</span>
      </button>
      {open && (
        <Suspense fallback={null}>
          <CoinGuideModal count={count} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
