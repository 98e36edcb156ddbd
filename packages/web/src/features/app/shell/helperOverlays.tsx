import { Button, Typography } from '@douyinfe/semi-ui-19';
import { useTranslation } from 'react-i18next';
import { ServiceContact } from './serviceContact.tsx';

// The floating helper's popovers and what they hold, loaded on demand (deferred.tsx; issue 16).
export { Popover } from '@douyinfe/semi-ui-19';

/** The contact-adviser card: customer service and the button to leave one's contact. */
export function AdviserCard({ onLead }: { onLead(): void }) {
  const { t } = useTranslation(['shell', 'common']);
  return (
    <div className="adviser-popover" data-testid="adviser-popover">
      <Typography.Title heading={6}>{t('adviserTitle')}</Typography.Title>
      <ServiceContact />
      <Button theme="solid" onClick={onLead} data-testid="adviser-lead">
        {t('leaveContact')}
      </Button>
    </div>
  );
}
