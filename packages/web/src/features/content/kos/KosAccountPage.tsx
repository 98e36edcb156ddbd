import { Button, Input, Select, Tag, TextArea } from '@douyinfe/semi-ui-19';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field, FormModal, useFormFields } from '../../../shared/FormModal.tsx';
import { EditDeleteActions, ListCard, ListGrid, ListPage, ListStates, ReadOnlyNotice } from '../../../shared/ListPage.tsx';
import { useConfirmedAction } from '../../../shared/useAction.ts';
import { useTeamMe } from '../../organisation/team/teamApi.ts';
import { type AccountInput, KOS_KEY, KOS_PLATFORMS, type KosAccount, kosApi } from './kosApi.ts';
import './kos.css';

/** /kos-account: the social-platform accounts the team runs. */
export default function KosAccountPage() {
  const { t } = useTranslation(['kos', 'common']);
  const { can } = useTeamMe();
  const manage = can('manageKos');
  const client = useQueryClient();
  const confirm = useConfirmedAction();
  const accounts = useQuery({ queryKey: [...KOS_KEY, 'accounts'], queryFn: kosApi.accounts });
  const [editing, setEditing] = useState<KosAccount | 'new' | null>(null);
  const remove = (a: KosAccount) =>
    confirm({
      title: t('deleteConfirm'),
      content: `${t(`platforms.${a.platform}`)} @${a.handle}`,
      successText: t('deleted'),
      action: async () => {
        await kosApi.deleteAccount(a.accountId);
        await client.invalidateQueries({ queryKey: KOS_KEY });
      },
    });
  return (
    <ListPage
      testId="kos-account-page"
      className="kos-page"
      title={t('account.title')}
      intro={t('account.intro')}
      notice={!manage && <ReadOnlyNotice text={t('readOnly')} />}
      toolbar={
        manage && (
          <Button theme="solid" onClick={() => setEditing('new')} data-testid="account-add">
            {t('account.add')}
          </Button>
        )
      }
    >
      <ListStates query={accounts} emptyText={t('account.empty')} />
      <ListGrid>
        {accounts.data?.map((a) => (
          <ListCard
            key={a.accountId}
            testId="account-card"
            actions={
              manage && (
                <EditDeleteActions
                  onEdit={() => setEditing(a)}
                  onDelete={() => remove(a)}
                  editText={t('edit')}
                  deleteText={t('delete')}
                />
              )
            }
          >
            <div className="list-card-title">
              <Tag color="blue">{t(`platforms.${a.platform}`)}</Tag>
              <span>@{a.handle}</span>
              {a.displayName && <span>· {a.displayName}</span>}
            </div>
            <div className="list-card-meta">
              <span>
                {t('account.persona')}: {a.personaName ?? t('none')}
              </span>
              <span>
                {t('account.owner')}: {a.ownerName ?? t('none')}
              </span>
            </div>
            {a.notes && <div className="list-card-meta">{a.notes}</div>}
          </ListCard>
        ))}
      </ListGrid>
      {editing && (
        <AccountForm
          account={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => client.invalidateQueries({ queryKey: KOS_KEY })}
        />
      )}
    </ListPage>
  );
}

function AccountForm({ account, onClose, onSaved }: { account: KosAccount | null; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation(['kos', 'common']);
  const personas = useQuery({ queryKey: [...KOS_KEY, 'personas'], queryFn: kosApi.personas });
  const people = useQuery({ queryKey: [...KOS_KEY, 'people'], queryFn: kosApi.people });
  const [form, set, bind] = useFormFields<AccountInput>({
    platform: account?.platform ?? 'xiaohongshu',
    handle: account?.handle ?? '',
    displayName: account?.displayName ?? '',
    personaId: account?.personaId ? Number(account.personaId) : null,
    ownerUserId: account?.ownerUserId ?? null,
    notes: account?.notes ?? '',
  });
  const save = async () => {
    if (account) await kosApi.updateAccount(account.accountId, form);
    else await kosApi.createAccount(form);
  };
  return (
    <FormModal
      title={account ? t('account.editTitle') : t('account.add')}
      onClose={onClose}
      onSubmit={save}
      onSaved={onSaved}
      successText={t('saved')}
      okText={t('save')}
      cancelText={t('cancel')}
      canSubmit={!!form.handle.trim()}
      okTestId="account-save"
    >
      <Field label={t('account.platform')}>
        <Select
          value={form.platform}
          onChange={(v) => set('platform', v as AccountInput['platform'])}
          optionList={KOS_PLATFORMS.map((p) => ({ value: p, label: t(`platforms.${p}`) }))}
          data-testid="account-platform"
        />
      </Field>
      <Field label={t('account.handle')}>
        <Input {...bind('handle')} maxLength={100} data-testid="account-handle" />
      </Field>
      <Field label={t('account.displayName')}>
        <Input {...bind('displayName')} maxLength={100} />
      </Field>
      <Field label={t('account.persona')}>
        <Select
          value={form.personaId ?? 0}
          onChange={(v) => set('personaId', Number(v) || null)}
          optionList={[
            { value: 0, label: t('none') },
            ...(personas.data ?? []).map((p) => ({ value: Number(p.personaId), label: p.name })),
          ]}
          data-testid="account-persona"
        />
      </Field>
      <Field label={t('account.owner')}>
        <Select
          value={form.ownerUserId ?? ''}
          onChange={(v) => set('ownerUserId', (v as string) || null)}
          filter
          optionList={[
            { value: '', label: t('none') },
            ...(people.data ?? []).map((p) => ({ value: p.userId, label: p.name || p.userId })),
          ]}
        />
      </Field>
      <Field label={t('account.notes')}>
        <TextArea {...bind('notes')} maxLength={1000} rows={3} />
      </Field>
    </FormModal>
  );
}
