import { IconArrowUp, IconBookStroked, IconComment, IconCustomerSupport } from '@douyinfe/semi-icons';
import { Button, Popover, Typography } from '@douyinfe/semi-ui-19';
import type { TenantFlags } from '@productimage/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../auth/session.ts';
import { FeedbackForm } from '../feedback/FeedbackForm.tsx';
import { leadTypeFor, useLeadModal } from '../leads/leadModalStore.ts';
import { scrollToTop, useBackToTop } from './BackToTop.tsx';
import { ServiceContact } from './serviceContact.tsx';
import { TutorialModal } from './TutorialModal.tsx';
import { useGuard } from './useGuard.ts';

/** The floating helper (spec 000 §2): contact adviser, feedback, official tutorial, back-to-top. */
export function FloatingHelper({ flags }: { flags: TenantFlags }) {
  const { t } = useTranslation(['shell', 'common']);
  const { current } = useSession();
  const guard = useGuard();
  const showLead = useLeadModal((s) => s.show);
  const [feedbackOpen, setFeedbackOpen] = useState(false);
  const [tutorialOpen, setTutorialOpen] = useState(false);
  const showTop = useBackToTop();

  return (
    <div className="floating-helper" data-testid="floating-helper">
      <Popover
        trigger="hover"
        position="left"
        content={
          <div className="adviser-popover" data-testid="adviser-popover">
            <Typography.Title heading={6}>{t('adviserTitle')}</Typography.Title>
            <ServiceContact />
            <Button
              theme="solid"
              onClick={() => showLead(leadTypeFor(flags.menuSet), 'floating-adviser')}
              data-testid="adviser-lead"
            >
              {t('leaveContact')}
            </Button>
          </div>
        }
      >
        <button type="button" className="helper-item" data-testid="helper-adviser">
          <IconCustomerSupport size="large" />
          <span>{t('adviser')}</span>
        </button>
      </Popover>
      <Popover
        trigger="custom"
        visible={feedbackOpen && !!current}
        onClickOutSide={() => setFeedbackOpen(false)}
        position="leftBottom"
        content={<FeedbackForm onDone={() => setFeedbackOpen(false)} />}
      >
        <button
          type="button"
          className="helper-item"
          data-testid="helper-feedback"
          onClick={guard(() => setFeedbackOpen((o) => !o))}
        >
          <IconComment size="large" />
          <span>{t('feedback')}</span>
        </button>
      </Popover>
      <button type="button" className="helper-item" onClick={() => setTutorialOpen(true)} data-testid="helper-tutorial">
        <IconBookStroked size="large" />
        <span>{t('tutorial')}</span>
      </button>
      {tutorialOpen && <TutorialModal onClose={() => setTutorialOpen(false)} />}
      {showTop && (
        <button type="button" className="helper-item" onClick={scrollToTop} data-testid="back-to-top">
          <IconArrowUp size="large" />
          <span>{t('backToTop')}</span>
        </button>
      )}
    </div>
  );
}
