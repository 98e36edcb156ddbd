import { Banner, Button, Input, Modal, Select, Spin, Tag, TextArea, Toast } from '@douyinfe/semi-ui-19';
import { EmptyState, ErrorState, errorText } from '@productimage/kit';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTeamMe } from '../../organisation/team/teamApi.ts';
import { type AccountInput, KOS_KEY, KOS_PLATFORMS, type KosAccount, kosApi } from './kosApi.ts';
import './kos.css';

/** /kos-account: the social-platform accounts the team runs. */
export default function KosAccountPage() {
  const { t } = useTranslation(['kos', 'common']);
  const { can } = useTeamMe();
  const manage = can('manageKos');
  const client = useQueryClient();
  const accounts = useQuery({ queryKey: [...KOS_KEY, 'accounts'], queryFn: kosApi.accounts });
  const [editing, setEditing] = useState<KosAccount | 'new' | null>(null);
  const remove = (a: KosAccount) =>
    Modal.confirm({
      title: t('deleteConfirm'),
      content: `${t(`platforms.${a.platform}`)} @${a.handle}`,
      onOk: async () => {
        try {
          await kosApi.deleteAccount(a.accountId);
          Toast.success(t('deleted'));
          await client.invalidateQueries({ queryKey: KOS_KEY });
        } catch (error) {
          Toast.error(errorText(error, t));
        }
      },
    });
  return (
    <div className="kos-page" data-testid="kos-account-page">
      <h2>{t('account.title')}</h2>
      <p className="kos-intro">{t('account.intro')}</p>
      {!manage && <Banner type="info" description={t('readOnly')} closeIcon={null} />}
      {manage && (
        <div className="kos-toolbar">
          <Button theme="solid" onClick={() => setEditing('new')} data-testid="account-add">
            {t('account.add')}
          </Button>
        </div>
      )}
      {accounts.isLoading && <Spin />}
      {accounts.error && <ErrorState error={accounts.error} onRetry={() => accounts.refetch()} />}
      {accounts.data && accounts.data.length === 0 && <EmptyState text={t('account.empty')} />}
      <div className="kos-grid">
        {accounts.data?.map((a) => (
          <article className="kos-card" key={a.accountId} data-testid="account-card">
            <div className="kos-card-title">
              <Tag color="blue">{t(`platforms.${a.platform}`)}</Tag>
              <span>@{a.handle}</span>
              {a.displayName && <span>· {a.displayName}</span>}
            </div>
            <div className="kos-card-meta">
              <span>
                {t('account.persona')}: {a.personaName ?? t('none')}
              </span>
              <span>
                {t('account.owner')}: {a.ownerName ?? t('none')}
              </span>
            </div>
            {a.notes && <div className="kos-card-meta">{a.notes}</div>}
            {manage && (
              <div className="kos-card-actions">
                <Button size="small" onClick={() => setEditing(a)}>
                  {t('edit')}
                </Button>
                <Button size="small" type="danger" onClick={() => remove(a)}>
                  {t('delete')}
                </Button>
              </div>
            )}
          </article>
        ))}
      </div>
      {editing && (
        <AccountForm
          account={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => client.invalidateQueries({ queryKey: KOS_KEY })}
        />
      )}
    </div>
  );
}

function AccountForm({ account, onClose, onSaved }: { account: KosAccount | null; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation(['kos', 'common']);
  const personas = useQuery({ queryKey: [...KOS_KEY, 'personas'], queryFn: kosApi.personas });
  const people = useQuery({ queryKey: [...KOS_KEY, 'people'], queryFn: kosApi.people });
  const [form, setForm] = useState<AccountInput>({
    platform: account?.platform ?? 'xiaohongshu',
    handle: account?.handle ?? '',
    displayName: account?.displayName ?? '',
    personaId: account?.personaId ? Number(account.personaId) : null,
    ownerUserId: account?.ownerUserId ?? null,
    notes: account?.notes ?? '',
  });
  const [busy, setBusy] = useState(false);
  const set = <K extends keyof AccountInput>(key: K, value: AccountInput[K]) => setForm((f) => ({ ...f, [key]: value }));
  const save = async () => {
    setBusy(true);
    try {
      if (account) await kosApi.updateAccount(account.accountId, form);
      else await kosApi.createAccount(form);
      Toast.success(t('saved'));
      onSaved();
      onClose();
    } catch (error) {
      Toast.error(errorText(error, t));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      title={account ? t('account.editTitle') : t('account.add')}
      visible
      onCancel={onClose}
      onOk={save}
      okText={t('save')}
      cancelText={t('cancel')}
      okButtonProps={{ disabled: !form.handle.trim(), loading: busy, 'data-testid': 'account-save' } as object}
    >
      <div className="kos-form">
        <div className="kos-field">
          {t('account.platform')}
          <Select
            value={form.platform}
            onChange={(v) => set('platform', v as AccountInput['platform'])}
            optionList={KOS_PLATFORMS.map((p) => ({ value: p, label: t(`platforms.${p}`) }))}
            data-testid="account-platform"
          />
        </div>
        <div className="kos-field">
          {t('account.handle')}
          <Input value={form.handle} onChange={(v) => set('handle', v)} maxLength={100} data-testid="account-handle" />
        </div>
        <div className="kos-field">
          {t('account.displayName')}
          <Input value={form.displayName} onChange={(v) => set('displayName', v)} maxLength={100} />
        </div>
        <div className="kos-field">
          {t('account.persona')}
          <Select
            value={form.personaId ?? 0}
            onChange={(v) => set('personaId', Number(v) || null)}
            optionList={[
              { value: 0, label: t('none') },
              ...(personas.data ?? []).map((p) => ({ value: Number(p.personaId), label: p.name })),
            ]}
            data-testid="account-persona"
          />
        </div>
        <div className="kos-field">
          {t('account.owner')}
          <Select
            value={form.ownerUserId ?? ''}
            onChange={(v) => set('ownerUserId', (v as string) || null)}
            filter
            optionList={[
              { value: '', label: t('none') },
              ...(people.data ?? []).map((p) => ({ value: p.userId, label: p.name || p.userId })),
            ]}
          />
        </div>
        <div className="kos-field">
          {t('account.notes')}
          <TextArea value={form.notes} onChange={(v) => set('notes', v)} maxLength={1000} rows={3} />
        </div>
      </div>
    </Modal>
  );
}
