import '../accounts/accounts.css';
import { Button, Card, Input, Modal, Toast, Typography } from '@douyinfe/semi-ui-19';
import {
  type CurrentUser,
  clearToken,
  codeSchema,
  emailSchema,
  firstIssueKey,
  MODAL_WIDTH,
  passwordSchema,
  phoneSchema,
  USER_NAME_MAX,
} from '@productimage/core';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { FormField } from '../../app/shell/FormField.tsx';
import { CodeField } from '../accounts/CodeField.tsx';
import { CURRENT_USER_KEY, useSession } from '../accounts/session.ts';
import { bindAccount, changePassword, logoutEverywhere, updateProfile, useSettingsMutation } from './useSettingsMutation.ts';
import './settings.css';

// The open API's keys and webhooks come with their tables after the rest of the page.
const OpenApiSection = lazy(() => import('./OpenApiSection.tsx'));

const issueOf = (schema: z.ZodType<unknown>, value: string) => {
  const result = schema.safeParse(value);
  return result.success ? null : firstIssueKey(result.error);
};
const failure = (error: unknown, fallback: string) => Toast.error((error as Error)?.message || fallback);

function Section({ title, children, testId }: { title: string; children: ReactNode; testId: string }) {
  return (
    <section data-testid={testId}>
      <Card className="settings-section" title={title}>
        {children}
      </Card>
    </section>
  );
}

/** Display name and company. */
function ProfileSection({ current }: { current: CurrentUser }) {
  const { t } = useTranslation(['settings', 'validation']);
  const [userName, setUserName] = useState(current.user.userName);
  const [companyName, setCompanyName] = useState(current.user.companyName ?? '');
  const [issue, setIssue] = useState<string | null>(null);
  const save = useSettingsMutation(updateProfile);
  const submit = () => {
    if (!userName.trim()) return setIssue('validation:nameRequired');
    setIssue(null);
    save.mutate(
      { userName: userName.trim(), companyName: companyName.trim() },
      { onSuccess: () => Toast.success(t('saved')), onError: (e) => failure(e, t('failed')) },
    );
  };
  const unchanged = userName.trim() === current.user.userName && companyName.trim() === (current.user.companyName ?? '');
  return (
    <Section title={t('profile')} testId="settings-profile">
      <div className="settings-form">
        <FormField label={t('userName')} required issue={issue} issueTestId="settings-username-error">
          {(id) => (
            <Input id={id} value={userName} maxLength={USER_NAME_MAX} onChange={setUserName} data-testid="settings-username" />
          )}
        </FormField>
        <FormField label={t('companyName')}>
          {(id) => (
            <Input
              id={id}
              value={companyName}
              maxLength={USER_NAME_MAX}
              onChange={setCompanyName}
              data-testid="settings-company"
            />
          )}
        </FormField>
        <Button theme="solid" disabled={unchanged} loading={save.isPending} onClick={submit} data-testid="settings-profile-save">
          {t('save')}
        </Button>
      </div>
    </Section>
  );
}

/** Binds (or changes) the phone or the e-mail address: account, captcha, then the code sent to it. */
function BindSection({ current, kind }: { current: CurrentUser; kind: 'phone' | 'email' }) {
  const { t } = useTranslation(['settings', 'validation']);
  const bound = kind === 'phone' ? current.user.phone : current.user.email;
  const [editing, setEditing] = useState(false);
  const [account, setAccount] = useState('');
  const [code, setCode] = useState('');
  const [accountIssue, setAccountIssue] = useState<string | null>(null);
  const [codeIssue, setCodeIssue] = useState<string | null>(null);
  const bind = useSettingsMutation(bindAccount);

  const submit = () => {
    const a = issueOf(kind === 'phone' ? phoneSchema : emailSchema, account);
    const c = issueOf(codeSchema, code);
    setAccountIssue(a);
    setCodeIssue(c);
    if (a || c) return;
    bind.mutate(
      { mobileId: account.trim(), verifyCode: code },
      {
        onSuccess: () => {
          Toast.success(t('bound'));
          setEditing(false);
          setAccount('');
          setCode('');
        },
        onError: (e) => failure(e, t('failed')),
      },
    );
  };

  return (
    <Section title={t(kind === 'phone' ? 'phone' : 'email')} testId={`settings-${kind}`}>
      <div className="settings-row">
        <Typography.Text data-testid={`settings-${kind}-value`}>{bound ?? t('notBound')}</Typography.Text>
        {!editing && (
          <Button onClick={() => setEditing(true)} data-testid={`settings-${kind}-edit`}>
            {bound ? t('change') : t('bind')}
          </Button>
        )}
      </div>
      {editing && (
        <div className="settings-form">
          <FormField
            label={t(kind === 'phone' ? 'newPhone' : 'newEmail')}
            issue={accountIssue}
            issueTestId={`settings-${kind}-error`}
          >
            {(id) => (
              <Input
                id={id}
                value={account}
                onChange={(v) => {
                  setAccount(v);
                  setAccountIssue(null);
                }}
                placeholder={t(kind === 'phone' ? 'phonePlaceholder' : 'emailPlaceholder')}
                data-testid={`settings-${kind}-input`}
              />
            )}
          </FormField>
          <CodeField
            account={account}
            accountKind={kind}
            onAccountIssue={setAccountIssue}
            value={code}
            onChange={(v) => {
              setCode(v);
              setCodeIssue(null);
            }}
            issue={codeIssue ?? undefined}
          />
          <div className="settings-actions">
            <Button onClick={() => setEditing(false)}>{t('cancel')}</Button>
            <Button theme="solid" loading={bind.isPending} onClick={submit} data-testid={`settings-${kind}-submit`}>
              {t('confirmBind')}
            </Button>
          </div>
        </div>
      )}
    </Section>
  );
}

/** Sets or changes the password; the current one is asked for when there is one. */
function PasswordSection({ current }: { current: CurrentUser }) {
  const { t } = useTranslation(['settings', 'validation']);
  const hasPassword = current.user.hasPassword;
  const [oldPassword, setOldPassword] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [issues, setIssues] = useState<{ old?: string; password?: string; confirm?: string }>({});
  const save = useSettingsMutation(changePassword);

  const submit = () => {
    const next = {
      old: hasPassword && !oldPassword ? 'validation:passwordRequired' : undefined,
      password: issueOf(passwordSchema, password) ?? undefined,
      confirm: confirm !== password ? 'validation:passwordsDiffer' : undefined,
    };
    setIssues(next);
    if (next.old || next.password || next.confirm) return;
    save.mutate(
      { oldPassword: hasPassword ? oldPassword : undefined, password },
      {
        onSuccess: () => {
          Toast.success(t('passwordChanged'));
          setOldPassword('');
          setPassword('');
          setConfirm('');
        },
        onError: (e) => failure(e, t('failed')),
      },
    );
  };

  return (
    <Section title={t(hasPassword ? 'changePassword' : 'setPassword')} testId="settings-password">
      <div className="settings-form">
        {hasPassword && (
          <FormField label={t('oldPassword')} issue={issues.old} issueTestId="settings-old-password-error">
            {(id) => (
              <Input id={id} mode="password" value={oldPassword} onChange={setOldPassword} data-testid="settings-old-password" />
            )}
          </FormField>
        )}
        <FormField label={t('newPassword')} issue={issues.password} issueTestId="settings-new-password-error">
          {(id) => <Input id={id} mode="password" value={password} onChange={setPassword} data-testid="settings-new-password" />}
        </FormField>
        <FormField label={t('confirmPassword')} issue={issues.confirm} issueTestId="settings-confirm-password-error">
          {(id) => (
            <Input id={id} mode="password" value={confirm} onChange={setConfirm} data-testid="settings-confirm-password" />
          )}
        </FormField>
        <Typography.Text type="tertiary" size="small">
          {t('passwordNote')}
        </Typography.Text>
        <Button theme="solid" loading={save.isPending} onClick={submit} data-testid="settings-password-save">
          {t('save')}
        </Button>
      </div>
    </Section>
  );
}

/** Ends every session of the account, this one included, then returns home logged out. */
function SessionsSection() {
  const { t } = useTranslation(['settings', 'common']);
  const client = useQueryClient();
  const navigate = useNavigate();
  const confirm = () =>
    Modal.confirm({
      title: t('logoutAllTitle'),
      content: t('logoutAllBody'),
      width: MODAL_WIDTH.confirm,
      okText: t('common:yes'),
      cancelText: t('common:no'),
      okButtonProps: { 'data-testid': 'settings-logout-all-yes' } as object,
      onOk: async () => {
        try {
          await logoutEverywhere();
        } catch (error) {
          failure(error, t('failed'));
          return;
        }
        clearToken(localStorage);
        client.setQueryData(CURRENT_USER_KEY, null);
        await client.invalidateQueries();
        navigate('/', { replace: true });
      },
    });
  return (
    <Section title={t('sessions')} testId="settings-sessions">
      <div className="settings-row">
        <Typography.Text type="tertiary">{t('logoutAllHint')}</Typography.Text>
        <Button type="danger" onClick={confirm} data-testid="settings-logout-all">
          {t('logoutAll')}
        </Button>
      </div>
    </Section>
  );
}

/** /personal-setting: name, phone and e-mail binding, password, logging out everywhere, the open API. */
export default function PersonalSettingPage() {
  const { t } = useTranslation('settings');
  const { current } = useSession();
  if (!current) return null;
  return (
    <div className="settings-page" data-testid="personal-setting">
      <Typography.Title heading={3}>{t('title')}</Typography.Title>
      <ProfileSection key={`${current.user.userName}|${current.user.companyName}`} current={current} />
      <BindSection current={current} kind="phone" />
      <BindSection current={current} kind="email" />
      <PasswordSection current={current} />
      <SessionsSection />
      <Suspense fallback={null}>
        <OpenApiSection />
      </Suspense>
    </div>
  );
}
