import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  label: ReactNode;
  required?: boolean;
  /** An i18n key (e.g. `validation:phoneInvalid`) shown under the control. */
  issue?: string | null;
  issueTestId?: string;
  /** Renders the control with the id its label points to. */
  children(id: string): ReactNode;
}

/** A labelled form control with its message, used by the shell's forms (leads, settings, prompts). */
export function FormField({ label, required, issue, issueTestId, children }: Props) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="form-field">
      <label htmlFor={id} className="form-label">
        {required && <span className="required">*</span>}
        {label}
      </label>
      {children(id)}
      {issue && (
        <div className="form-issue" role="alert" data-testid={issueTestId}>
          {t(issue)}
        </div>
      )}
    </div>
  );
}
