import { Button, Input, Toast } from '@douyinfe/semi-ui-19';
import { CODE_LENGTH } from '@productimage/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useKit } from '../session.tsx';
import { sendCode } from './accountCalls.ts';
import { authErrorText } from './authErrors.ts';
import { CaptchaStep } from './CaptchaStep.tsx';
import { useCodeCooldown } from './codeCooldown.ts';
import { type AccountKind, accountIssue } from './fields.ts';
import { useLoginSetup } from './setup.tsx';

interface Props {
  account: string;
  accountKind: AccountKind;
  /** Shows (or clears) the account field's message when the account is checked before sending. */
  onAccountIssue(key: string | null): void;
  value: string;
  onChange(value: string): void;
  issue?: string;
}

/**
 * The verification-code input with its send button (spec 000 §4): the account is validated first,
 * then the captcha step, then the code is sent and the button counts down ("N seconds then resend")
 * and cannot send again until it ends.
 */
export function CodeField({ account, accountKind, onAccountIssue, value, onChange, issue }: Props) {
  const { t } = useTranslation(['auth', 'validation', 'common']);
  const { api } = useKit();
  const { isMobile } = useLoginSetup();
  const mobileId = account.trim();
  const { left, start } = useCodeCooldown(mobileId);
  const [captchaFor, setCaptchaFor] = useState<string | null>(null);

  function requestCode() {
    if (left > 0) return;
    const problem = accountIssue(accountKind, mobileId);
    onAccountIssue(problem);
    if (problem) {
      // Phones show the message as a toast too: the field may be covered by the keyboard.
      if (isMobile) Toast.warning(t(problem));
      return;
    }
    setCaptchaFor(mobileId);
  }

  async function send(target: string) {
    try {
      const result = await sendCode(api, target);
      if (result.code === 1) {
        start();
        Toast.success(t('auth:codeSent'));
      } else {
        Toast.error(result.errMsg || t('auth:codeSendFailed'));
      }
    } catch (err) {
      Toast.error(authErrorText(err, t, 'auth:codeSendFailed'));
    } finally {
      setCaptchaFor(null);
    }
  }

  return (
    <div className="auth-field">
      <Input
        size="large"
        value={value}
        onChange={(next) => onChange(next.replace(/\D/g, '').slice(0, CODE_LENGTH))}
        maxLength={CODE_LENGTH}
        inputMode="numeric"
        autoComplete="one-time-code"
        placeholder={t('auth:codePlaceholder')}
        validateStatus={issue ? 'error' : 'default'}
        data-testid="code-input"
        suffix={
          <Button
            theme="borderless"
            disabled={left > 0 || captchaFor !== null}
            onClick={requestCode}
            data-testid="send-code"
            className="auth-send-code"
          >
            {left > 0 ? t('auth:resendIn', { seconds: left }) : t('auth:getCode')}
          </Button>
        }
      />
      {issue && (
        <div className="auth-field-error" role="alert" data-testid="code-error">
          {t(issue)}
        </div>
      )}
      {captchaFor !== null && (
        <CaptchaStep
          key={captchaFor}
          mobileId={captchaFor}
          onVerified={() => send(captchaFor)}
          onCancel={() => setCaptchaFor(null)}
        />
      )}
    </div>
  );
}
