import { IconArrowUp, IconBookStroked, IconComment, IconCustomerSupport } from '@douyinfe/semi-icons';
import type { TenantFlags } from '@productimage/core';
import { type ComponentType, lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { leadTypeFor, useLeadModal } from '../../commerce/leads/leadModalStore.ts';
import { useSession } from '../../identity/accounts/session.ts';
import { scrollToTop, useBackToTop } from './BackToTop.tsx';
import { Deferred, onDemand } from './deferred.tsx';
import { useGuard } from './useGuard.ts';

// Not part of the first load (issue 16): the popovers load at the first pointer over the adviser
// (or the first click on feedback), the feedback form and the tutorial at the first click.
const helperOverlays = onDemand(() => import('./helperOverlays.tsx'));
const TutorialModal = lazy(() => import('./TutorialModal.tsx').then((m) => ({ default: m.TutorialModal })));
type FeedbackFormType = ComponentType<{ onDone(): void }>;

/** The floating helper (spec 000 §2): contact adviser, feedback, official tutorial, back-to-top. */
export function FloatingHelper({ flags }: { flags: TenantFlags }) {
  const { t } = useTranslation(['shell', 'common']);
  const { current } = useSession();
  const guard = useGuard();
  const showLead = useLeadModal((s) => s.show);
  helperOverlays.usePrefetch();
  const [feedbackOpen, setFeedbackOpen] = useState(false);
  // Loaded before the popover first opens, so it opens at its final size and place.
  const [FeedbackForm, setFeedbackForm] = useState<FeedbackFormType | null>(null);
  const toggleFeedback = () => {
    if (FeedbackForm) setFeedbackOpen((o) => !o);
    else
      void Promise.all([import('../../organisation/feedback/FeedbackForm.tsx'), helperOverlays.load()]).then(([m]) => {
        setFeedbackForm(() => m.FeedbackForm);
        setFeedbackOpen(true);
      });
  };
  const [tutorialOpen, setTutorialOpen] = useState(false);
  const showTop = useBackToTop();

  return (
    <div className="floating-helper" data-testid="floating-helper">
      <Deferred
        module={helperOverlays}
        trigger="hover"
        render={({ Popover, AdviserCard }, trigger) => (
          <Popover
            trigger="hover"
            position="left"
            content={<AdviserCard onLead={() => showLead(leadTypeFor(flags.menuSet), 'floating-adviser')} />}
          >
            {trigger}
          </Popover>
        )}
      >
        <button type="button" className="helper-item" data-testid="helper-adviser">
          <IconCustomerSupport size="large" />
          <span>{t('adviser')}</span>
        </button>
      </Deferred>
      <Deferred
        module={helperOverlays}
        trigger="custom"
        render={({ Popover }, trigger) => (
          <Popover
            trigger="custom"
            visible={feedbackOpen && !!current && !!FeedbackForm}
            onClickOutSide={() => setFeedbackOpen(false)}
            position="leftBottom"
            content={FeedbackForm ? <FeedbackForm onDone={() => setFeedbackOpen(false)} /> : null}
          >
            {trigger}
          </Popover>
        )}
      >
        <button type="button" className="helper-item" data-testid="helper-feedback" onClick={guard(toggleFeedback)}>
          <IconComment size="large" />
          <span>{t('feedback')}</span>
        </button>
      </Deferred>
      <button type="button" className="helper-item" onClick={() => setTutorialOpen(true)} data-testid="helper-tutorial">
        <IconBookStroked size="large" />
        <span>{t('tutorial')}</span>
      </button>
      {tutorialOpen && (
        <Suspense fallback={null}>
          <TutorialModal onClose={() => setTutorialOpen(false)} />
        </Suspense>
      )}
      {showTop && (
        <button type="button" className="helper-item" onClick={scrollToTop} data-testid="back-to-top">
          <IconArrowUp size="large" />
          <span>{t('backToTop')}</span>
        </button>
      )}
    </div>
  );
}
