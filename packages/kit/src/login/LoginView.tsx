import { Button, Input, Tabs } from '@douyinfe/semi-ui-19';
import type { TokenResponse } from '@productimage/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LoginTab, LoginView as View } from '../loginModal.ts';
import { useKit } from '../session.tsx';
import { AgreementTick } from './AgreementTick.tsx';
import { type LoginType, login } from './accountCalls.ts';
import { authErrorText } from './authErrors.ts';
import { CodeField } from './CodeField.tsx';
import { type AccountKind, accountIssue, codeIssue, type FieldIssues } from './fields.ts';
import { useLoginSetup } from './setup.tsx';

interface Props {
  agreed: boolean;
  onAgreedChange(agreed: boolean): void;
  onToken(token: TokenResponse): Promise<void>;
  onView(view: View): void;
  /** A failure to show from the start (an external login flow's `?error`). */
  initialFailure?: string | null;
}

const TAB_SETUP: Record<LoginTab, { loginType: LoginType; account: AccountKind; placeholder: string }> = {
  sms: { loginType: 'sms_code', account: 'phone', placeholder: 'auth:phonePlaceholder' },
  mail: { loginType: 'mail_code', account: 'email', placeholder: 'auth:emailPlaceholder' },
  password: { loginType: '', account: 'phoneOrEmail', placeholder: 'auth:accountPlaceholder' },
};

/** The tabs the visitor may use: only SMS in the mini-program; e-mail only with the English UI. */
function tabsFor(language: string, miniProgram: boolean): LoginTab[] {
  if (miniProgram) return ['sms'];
  return language === 'en' ? ['sms', 'mail', 'password'] : ['sms', 'password'];
}

/** The login view of the modal: SMS, e-mail and password tabs (spec 000 §4, §5). */
export function LoginView({ agreed, onAgreedChange, onToken, onView, initialFailure = null }: Props) {
  const { t, i18n } = useTranslation(['auth', 'validation', 'errors']);
  const { api } = useKit();
  const setup = useLoginSetup();
  const { channel } = setup;
  const tabs = tabsFor(i18n.language, channel.miniProgram);
  const [tab, setTab] = useState<LoginTab>('sms');
  const active: LoginTab = tabs.includes(tab) ? tab : 'sms';
  const tabSetup = TAB_SETUP[active];
  const [accounts, setAccounts] = useState<Record<LoginTab, string>>({ sms: '', mail: '', password: '' });
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [issues, setIssues] = useState<FieldIssues>({});
  const [failure, setFailure] = useState<string | null>(initialFailure);
  const [hint, setHint] = useState(false);
  const [busy, setBusy] = useState(false);

  const account = accounts[active];
  const secret = active === 'password' ? password : code;
  const ready = account.trim() !== '' && secret !== '';

  useEffect(() => {
    if (agreed) setHint(false);
  }, [agreed]);

  function switchTab(next: LoginTab) {
    setTab(next);
    setCode('');
    setIssues({});
    setFailure(null);
    // The "please tick the agreement" hint belongs to the attempt on the tab it was made on.
    setHint(false);
  }

  async function submit() {
    if (!ready || busy) return;
    if (!agreed) {
      setHint(true);
      return;
    }
    const found: FieldIssues = {};
    const accountProblem = accountIssue(tabSetup.account, account.trim());
    if (accountProblem) found.account = accountProblem;
    const codeProblem = active === 'password' ? null : codeIssue(code);
    if (codeProblem) found.code = codeProblem;
    setIssues(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    setFailure(null);
    try {
      const token = await login(
        api,
        {
          loginType: tabSetup.loginType,
          account: account.trim(),
          verifyCode: active === 'password' ? undefined : code,
          password: active === 'password' ? password : undefined,
        },
        setup,
      );
      await onToken(token);
    } catch (err) {
      setFailure(authErrorText(err, t, 'auth:loginFailed'));
    } finally {
      setBusy(false);
    }
  }

  const submitLabel = channel.miniProgram || active === 'password' ? t('auth:login') : t('auth:loginOrRegister');

  return (
    <div className="auth-view" data-testid="login-view" data-tab={active}>
      {tabs.length > 1 && (
        <Tabs
          activeKey={active}
          onChange={(key) => switchTab(key as LoginTab)}
          tabList={tabs.map((key) => ({
            itemKey: key,
            tab: <span data-testid={`tab-${key}`}>{t(`auth:tab${key[0]?.toUpperCase()}${key.slice(1)}`)}</span>,
          }))}
        />
      )}
      {failure && (
        <div className="auth-failure" role="alert" data-testid="auth-error">
          {failure}
        </div>
      )}
      <div className="auth-field">
        <Input
          size="large"
          value={account}
          onChange={(value) => {
            setAccounts((all) => ({ ...all, [active]: value }));
            // A shown error goes away as soon as the field is right.
            if (issues.account && !accountIssue(tabSetup.account, value.trim()))
              setIssues((all) => ({ ...all, account: undefined }));
          }}
          onEnterPress={() => void submit()}
          placeholder={t(tabSetup.placeholder)}
          inputMode={tabSetup.account === 'phone' ? 'tel' : tabSetup.account === 'email' ? 'email' : 'text'}
          autoComplete={active === 'password' ? 'username' : tabSetup.account === 'phone' ? 'tel' : 'email'}
          validateStatus={issues.account ? 'error' : 'default'}
          data-testid="account-input"
        />
        {issues.account && (
          <div className="auth-field-error" role="alert" data-testid="account-error">
            {t(issues.account)}
          </div>
        )}
      </div>
      {active === 'password' ? (
        <div className="auth-field">
          <Input
            size="large"
            mode="password"
            value={password}
            onChange={setPassword}
            onEnterPress={() => void submit()}
            placeholder={t('auth:passwordPlaceholder')}
            autoComplete="current-password"
            data-testid="password-input"
          />
        </div>
      ) : (
        <CodeField
          account={account}
          accountKind={tabSetup.account}
          onAccountIssue={(key) => setIssues((all) => ({ ...all, account: key ?? undefined }))}
          value={code}
          onChange={(value) => {
            setCode(value);
            if (issues.code && !codeIssue(value)) setIssues((all) => ({ ...all, code: undefined }));
          }}
          issue={issues.code}
        />
      )}
      <div className="auth-hint">
        {active === 'sms' && t('auth:autoRegisterHint')}
        {active === 'mail' && t('auth:mailHint')}
        {active === 'password' && (
          <button type="button" className="auth-link" onClick={() => onView('reset')} data-testid="to-reset">
            {t('auth:forgotPassword')}
          </button>
        )}
      </div>
      <Button
        theme="solid"
        size="large"
        block
        disabled={!ready}
        loading={busy}
        onClick={() => void submit()}
        data-testid="login-submit"
      >
        {submitLabel}
      </Button>
      <AgreementTick checked={agreed} onChange={onAgreedChange} showHint={hint} />
      {!channel.miniProgram && (
        <div className="auth-switch">
          <button type="button" className="auth-link" onClick={() => onView('register')} data-testid="to-register">
            {t('auth:toRegister')}
          </button>
        </div>
      )}
    </div>
  );
}
