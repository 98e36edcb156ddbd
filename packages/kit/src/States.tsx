import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from './errorText.ts';

/** A list or page with nothing to show yet; `children` may offer the next step. */
export function EmptyState({ text, children, testId }: { text?: string; children?: ReactNode; testId?: string }) {
  const { t } = useTranslation('common');
  return (
    <div className="kit-state" role="status" data-testid={testId ?? 'empty-state'}>
      <p className="kit-state-text">{text ?? t('empty')}</p>
      {children}
    </div>
  );
}

/** A load that failed: says why in the user's language and offers to try again. */
export function ErrorState({ error, onRetry, testId }: { error: unknown; onRetry?: () => void; testId?: string }) {
  const { t } = useTranslation('common');
  return (
    <div className="kit-state kit-state-error" role="alert" data-testid={testId ?? 'error-state'}>
      <p className="kit-state-text">{errorText(error, t)}</p>
      {onRetry && (
        <button type="button" className="kit-button" onClick={onRetry}>
          {t('retry')}
        </button>
      )}
    </div>
  );
}

/**
 * For a paid-member feature: says what needs a membership and leads to the benefits centre
 * (`onOpenMembership` navigates: the web app's /member page, a plugin's link to it).
 */
export function PaidFeaturePrompt({
  message,
  onOpenMembership,
  onClose,
}: {
  message: string;
  onOpenMembership: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation(['tasks', 'common']);
  return (
    <div className="kit-prompt" role="dialog" aria-label={t('membershipTitle')} data-testid="paid-feature-prompt">
      <p className="kit-prompt-title">{t('membershipTitle')}</p>
      <p className="kit-state-text" data-testid="membership-message">
        {message}
      </p>
      <div className="kit-prompt-actions">
        <button type="button" className="kit-button" onClick={onClose}>
          {t('common:cancel')}
        </button>
        <button
          type="button"
          className="kit-button kit-button-primary"
          data-testid="open-membership"
          onClick={() => {
            onClose();
            onOpenMembership();
          }}
        >
          {t('openMembership')}
        </button>
      </div>
    </div>
  );
}
