import { Button, Input } from '@douyinfe/semi-ui-19';
import type { TokenResponse } from '@productimage/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LoginView } from '../loginModal.ts';
import { useKit } from '../session.tsx';
import { AgreementTick } from './AgreementTick.tsx';
import { submitAccount } from './accountCalls.ts';
import { authErrorText } from './authErrors.ts';
import { CodeField } from './CodeField.tsx';
import { accountIssue, codeIssue, type FieldIssues, newPasswordIssue } from './fields.ts';
import { useLoginSetup } from './setup.tsx';

interface Props {
  kind: 'register' | 'reset';
  agreed: boolean;
  onAgreedChange(agreed: boolean): void;
  onToken(token: TokenResponse): Promise<void>;
  onView(view: LoginView): void;
}

/**
 * Register and reset-password views (spec 000 §4, §5): account, code, password and its
 * confirmation. The mobile register form has a single password field and no confirmation.
 * Both answer a token, so the user is logged in afterwards.
 */
export function AccountView({ kind, agreed, onAgreedChange, onToken, onView }: Props) {
  const { t, i18n } = useTranslation(['auth', 'validation', 'errors']);
  const { api } = useKit();
  const setup = useLoginSetup();
  const { isMobile, query: params } = setup;
  // The e-mail login exists only in the English UI, so only there may an e-mail address own an account.
  const accountKind = i18n.language === 'en' ? 'phoneOrEmail' : 'phone';
  const confirmRequired = !(isMobile && kind === 'register');
  const [account, setAccount] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [issues, setIssues] = useState<FieldIssues>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [hint, setHint] = useState(false);
  const [busy, setBusy] = useState(false);
  const ready = account.trim() !== '' && code !== '' && password !== '' && (!confirmRequired || confirm !== '');
  const invited = kind === 'register' && !!params.get('inviteCode');

  useEffect(() => {
    if (agreed) setHint(false);
  }, [agreed]);

  async function submit() {
    if (!ready || busy) return;
    if (kind === 'register' && !agreed) {
      setHint(true);
      return;
    }
    const found: FieldIssues = {};
    const accountProblem = accountIssue(accountKind, account.trim());
    if (accountProblem) found.account = accountProblem;
    const codeProblem = codeIssue(code);
    if (codeProblem) found.code = codeProblem;
    const passwordProblem = newPasswordIssue(password);
    if (passwordProblem) found.password = passwordProblem;
    else if (confirmRequired && confirm !== password) found.confirm = 'validation:passwordsDiffer';
    setIssues(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    setFailure(null);
    try {
      await onToken(await submitAccount(api, kind, { mobileId: account.trim(), verifyCode: code, password }, setup));
    } catch (err) {
      setFailure(authErrorText(err, t, 'errors:internal'));
    } finally {
      setBusy(false);
    }
  }

  const fieldError = (name: keyof FieldIssues) =>
    issues[name] && (
      <div className="auth-field-error" role="alert" data-testid={`${name}-error`}>
        {t(issues[name])}
      </div>
    );

  return (
    <div className="auth-view" data-testid={`${kind}-view`}>
      {invited && <div className="auth-note">{t('auth:invited')}</div>}
      {failure && (
        <div className="auth-failure" role="alert" data-testid="auth-error">
          {failure}
        </div>
      )}
      <div className="auth-field">
        <Input
          size="large"
          value={account}
          onChange={setAccount}
          placeholder={t(accountKind === 'phone' ? 'auth:phonePlaceholder' : 'auth:accountPlaceholder')}
          inputMode={accountKind === 'phone' ? 'tel' : 'text'}
          autoComplete="username"
          validateStatus={issues.account ? 'error' : 'default'}
          data-testid="account-input"
        />
        {fieldError('account')}
      </div>
      <CodeField
        account={account}
        accountKind={accountKind}
        onAccountIssue={(key) => setIssues((all) => ({ ...all, account: key ?? undefined }))}
        value={code}
        onChange={setCode}
        issue={issues.code}
      />
      <div className="auth-field">
        <Input
          size="large"
          mode="password"
          value={password}
          onChange={setPassword}
          placeholder={t(kind === 'reset' ? 'auth:newPasswordPlaceholder' : 'auth:setPasswordPlaceholder')}
          autoComplete="new-password"
          validateStatus={issues.password ? 'error' : 'default'}
          data-testid="password-input"
        />
        {fieldError('password')}
      </div>
      {confirmRequired && (
        <div className="auth-field">
          <Input
            size="large"
            mode="password"
            value={confirm}
            onChange={setConfirm}
            onEnterPress={() => void submit()}
            placeholder={t('auth:confirmPasswordPlaceholder')}
            autoComplete="new-password"
            validateStatus={issues.confirm ? 'error' : 'default'}
            data-testid="confirm-input"
          />
          {fieldError('confirm')}
        </div>
      )}
      <Button
        theme="solid"
        size="large"
        block
        disabled={!ready}
        loading={busy}
        onClick={() => void submit()}
        data-testid="account-submit"
      >
        {kind === 'register' ? t('auth:register') : t('auth:resetSubmit')}
      </Button>
      {kind === 'register' && <AgreementTick checked={agreed} onChange={onAgreedChange} showHint={hint} />}
      <div className="auth-switch">
        <button type="button" className="auth-link" onClick={() => onView('login')} data-testid="to-login">
          {kind === 'register' ? t('auth:toLogin') : t('auth:backToLogin')}
        </button>
      </div>
    </div>
  );
}
