import { Button, Input, Select, Spin, TextArea, Toast } from '@douyinfe/semi-ui-19';
import { ErrorState } from '@productimage/kit';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAction } from '../../../shared/useAction.ts';
import { FormField } from '../../app/shell/FormField.tsx';
import { CONSOLE_KEY, type ConsoleReferrer, consoleApi, lines } from './consoleApi.ts';
import { FlagsEditor } from './TenantsPanel.tsx';

const blank = (tenantId: string | null): ConsoleReferrer => ({
  id: '',
  tenantId,
  name: '',
  flags: {},
  allowedOrigins: [],
  hostMarkers: [],
  updatedAt: 0,
});

function ReferrerEditor({
  referrer,
  tenants,
  isNew,
  onDone,
}: {
  referrer: ConsoleReferrer;
  tenants: string[];
  isNew: boolean;
  onDone: () => void;
}) {
  const { t } = useTranslation(['console', 'errors']);
  const act = useAction();
  const [form, setForm] = useState(referrer);
  const [origins, setOrigins] = useState(referrer.allowedOrigins.join('\n'));
  const [markers, setMarkers] = useState(referrer.hostMarkers.join('\n'));
  const save = () =>
    act(async () => {
      await consoleApi.saveReferrer(form.id.trim(), {
        name: form.name.trim(),
        tenantId: form.tenantId,
        flags: form.flags,
        allowedOrigins: lines(origins),
        hostMarkers: lines(markers),
      });
      Toast.success(t('saved'));
      onDone();
    });
  return (
    <div className="console-editor">
      {isNew && (
        <FormField label={t('referrers.id')}>
          {(id) => <Input id={id} value={form.id} onChange={(id) => setForm({ ...form, id })} maxLength={64} />}
        </FormField>
      )}
      <FormField label={t('referrers.name')}>
        {(id) => <Input id={id} value={form.name} onChange={(name) => setForm({ ...form, name })} maxLength={60} />}
      </FormField>
      <FormField label={t('referrers.tenant')}>
        {(id) => (
          <Select
            id={id}
            value={form.tenantId ?? ''}
            onChange={(v) => setForm({ ...form, tenantId: (v as string) || null })}
            optionList={[{ value: '', label: 'default' }, ...tenants.map((id) => ({ value: id, label: id }))]}
            style={{ width: 180 }}
          />
        )}
      </FormField>
      <FormField label={t('referrers.origins')}>
        {(id) => <TextArea id={id} rows={2} value={origins} onChange={setOrigins} />}
      </FormField>
      <FormField label={t('referrers.markers')}>
        {(id) => <TextArea id={id} rows={2} value={markers} onChange={setMarkers} />}
      </FormField>
      <FlagsEditor flags={form.flags} onChange={(flags) => setForm({ ...form, flags })} prefix="referrer" />
      <div className="console-toolbar">
        <Button theme="solid" disabled={!form.id.trim() || !form.name.trim()} onClick={save}>
          {t('save')}
        </Button>
        <Button onClick={onDone}>{t('cancel')}</Button>
      </div>
    </div>
  );
}

export function ReferrersPanel({ platform, tenantId }: { platform: boolean; tenantId: string }) {
  const { t } = useTranslation(['console', 'errors']);
  const act = useAction();
  const client = useQueryClient();
  const referrers = useQuery({ queryKey: [...CONSOLE_KEY, 'referrers'], queryFn: consoleApi.referrers });
  const tenants = useQuery({ queryKey: [...CONSOLE_KEY, 'tenants'], queryFn: consoleApi.tenants });
  const [editing, setEditing] = useState<string | null>(null);
  const [codes, setCodes] = useState<Record<string, string>>({});
  const done = async () => {
    setEditing(null);
    await client.invalidateQueries({ queryKey: [...CONSOLE_KEY, 'referrers'] });
  };
  const showCode = (id: string) =>
    act(async () => {
      const answer = await consoleApi.inviteCode(id);
      setCodes({ ...codes, [id]: `${answer.day} ${answer.code}` });
    });
  if (referrers.isLoading) return <Spin />;
  if (referrers.error) return <ErrorState error={referrers.error} onRetry={() => referrers.refetch()} />;
  const tenantIds = tenants.data?.map((x) => x.id) ?? [];
  return (
    <div data-testid="console-referrers">
      {platform && editing !== '' && <Button onClick={() => setEditing('')}>{t('referrers.newReferrer')}</Button>}
      {editing === '' && <ReferrerEditor referrer={blank(platform ? null : tenantId)} tenants={tenantIds} isNew onDone={done} />}
      <div className="console-rows">
        {referrers.data?.length === 0 && <p className="console-muted">{t('none')}</p>}
        {referrers.data?.map((r) => (
          <div className="console-row" key={r.id}>
            <div className="console-row-head">
              <span className="console-row-main">
                <strong>{r.name}</strong> <span className="console-muted">{r.id}</span>
                <div className="console-muted">
                  {t('referrers.tenant')}: {r.tenantId ?? 'default'} · {r.allowedOrigins.join(' ')} {r.hostMarkers.join(' ')}
                </div>
                {codes[r.id] && (
                  <div>
                    {t('referrers.inviteCode')}: {codes[r.id]}
                  </div>
                )}
              </span>
              {r.flags.requireInviteCode && (
                <Button size="small" onClick={() => showCode(r.id)}>
                  {t('referrers.inviteCode')}
                </Button>
              )}
              {editing !== r.id && (
                <Button size="small" onClick={() => setEditing(r.id)}>
                  {t('edit')}
                </Button>
              )}
            </div>
            {editing === r.id && <ReferrerEditor referrer={r} tenants={tenantIds} isNew={false} onDone={done} />}
          </div>
        ))}
      </div>
    </div>
  );
}
