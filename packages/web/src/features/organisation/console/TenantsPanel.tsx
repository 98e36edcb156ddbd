import { Button, Checkbox, Input, InputNumber, Select, Spin, TextArea, Toast } from '@douyinfe/semi-ui-19';
import { MENU_SETS } from '@productimage/core';
import { ErrorState } from '@productimage/kit';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAction } from '../../../shared/useAction.ts';
import { FormField } from '../../app/shell/FormField.tsx';
import { CONSOLE_KEY, type ConsoleTenant, consoleApi, lines, type StoredFlags } from './consoleApi.ts';

const BOOL_FLAGS = [
  'hideInvite',
  'hideTools',
  'hideHeader',
  'hideSidebar',
  'hideCoins',
  'hideFloating',
  'requireInviteCode',
  'profileCompletion',
  'chatAllow',
] as const;

/** Flags as a form: booleans, menu set, hidden routes and allowed menu paths (one per line), logo. */
export function FlagsEditor({
  flags,
  onChange,
  prefix,
}: {
  flags: StoredFlags;
  onChange: (f: StoredFlags) => void;
  prefix: string;
}) {
  const { t } = useTranslation('console');
  return (
    <div className="console-form">
      <FormField label={t('tenants.menuSet')}>
        {(id) => (
          <Select
            id={id}
            value={flags.menuSet ?? ''}
            data-testid={`${prefix}-menuset`}
            onChange={(v) => onChange({ ...flags, menuSet: (v || undefined) as StoredFlags['menuSet'] })}
            optionList={[{ value: '', label: '-' }, ...MENU_SETS.map((m) => ({ value: m, label: m }))]}
            style={{ width: 160 }}
          />
        )}
      </FormField>
      <div className="console-checks">
        {BOOL_FLAGS.map((name) => (
          <Checkbox
            key={name}
            checked={!!flags[name]}
            onChange={(e) => onChange({ ...flags, [name]: !!e.target.checked })}
            data-testid={`${prefix}-${name}`}
          >
            {t(`tenants.flagNames.${name}`)}
          </Checkbox>
        ))}
      </div>
      <FormField label={t('tenants.hiddenRoutes')}>
        {(id) => (
          <TextArea
            id={id}
            rows={3}
            value={(flags.hiddenRoutes ?? []).join('\n')}
            onChange={(v) => onChange({ ...flags, hiddenRoutes: lines(v) })}
            data-testid={`${prefix}-hidden`}
          />
        )}
      </FormField>
      <FormField label={t('tenants.allowedMenuPaths')}>
        {(id) => (
          <TextArea
            id={id}
            rows={2}
            value={(flags.allowedMenuPaths ?? []).join('\n')}
            onChange={(v) => onChange({ ...flags, allowedMenuPaths: lines(v).length ? lines(v) : null })}
          />
        )}
      </FormField>
      <FormField label={t('tenants.logo')}>
        {(id) => <Input id={id} value={flags.logo ?? ''} onChange={(v) => onChange({ ...flags, logo: v.trim() || null })} />}
      </FormField>
      <FormField label={t('tenants.supportPhone')}>
        {(id) => (
          <Input
            id={id}
            value={flags.supportPhone ?? ''}
            onChange={(v) => onChange({ ...flags, supportPhone: v.trim() || null })}
            data-testid="tenant-support-phone"
          />
        )}
      </FormField>
      <FormField label={t('tenants.helpLink')}>
        {(id) => (
          <Input
            id={id}
            value={flags.helpLink ?? ''}
            onChange={(v) => onChange({ ...flags, helpLink: v.trim() || null })}
            placeholder="https://"
            data-testid="tenant-help-link"
          />
        )}
      </FormField>
      {/* Dedicated service (issue 47): who members' consultant requests go to, and how members reach them. */}
      <FormField label={t('tenants.adviserName')}>
        {(id) => (
          <Input
            id={id}
            value={flags.adviserName ?? ''}
            maxLength={40}
            onChange={(v) => onChange({ ...flags, adviserName: v.trim() || null })}
            data-testid={`${prefix}-adviser-name`}
          />
        )}
      </FormField>
      <FormField label={t('tenants.adviserContact')}>
        {(id) => (
          <Input
            id={id}
            value={flags.adviserContact ?? ''}
            maxLength={60}
            onChange={(v) => onChange({ ...flags, adviserContact: v.trim() || null })}
            data-testid={`${prefix}-adviser-contact`}
          />
        )}
      </FormField>
      <UploadMinimumFields flags={flags} onChange={onChange} prefix={prefix} />
    </div>
  );
}

/** The tenant's own minimum for fresh uploads (issue 30): size in KB and N*N resolution; empty keeps the spec's. */
const UPLOAD_MINIMUMS = [
  { key: 'uploadMinKB', min: 1, max: 10240, placeholder: '500', testId: 'upload-min-kb' },
  { key: 'uploadMinSide', min: 16, max: 4096, placeholder: '512', testId: 'upload-min-side' },
] as const;

function UploadMinimumFields({
  flags,
  onChange,
  prefix,
}: {
  flags: StoredFlags;
  onChange: (f: StoredFlags) => void;
  prefix: string;
}) {
  const { t } = useTranslation('tools');
  const number = (v: string | number) => (typeof v === 'number' && v > 0 ? Math.round(v) : null);
  return (
    <>
      {UPLOAD_MINIMUMS.map(({ key, min, max, placeholder, testId }) => (
        <FormField key={key} label={t(key)}>
          {(id) => (
            <InputNumber
              id={id}
              min={min}
              max={max}
              value={flags[key] ?? undefined}
              placeholder={placeholder}
              onChange={(v) => onChange({ ...flags, [key]: number(v) })}
              data-testid={`${prefix}-${testId}`}
            />
          )}
        </FormField>
      ))}
    </>
  );
}

function TenantEditor({ tenant, platform, onDone }: { tenant: ConsoleTenant; platform: boolean; onDone: () => void }) {
  const { t } = useTranslation(['console', 'errors']);
  const act = useAction();
  const [name, setName] = useState(tenant.name);
  const [nameEn, setNameEn] = useState(tenant.nameEn);
  const [flags, setFlags] = useState<StoredFlags>(tenant.flags);
  const [amount, setAmount] = useState(10000);
  const [note, setNote] = useState('');
  const save = () =>
    act(async () => {
      await consoleApi.saveTenant(tenant.id, { name, nameEn, flags });
      Toast.success(t('saved'));
      onDone();
    });
  const topUp = () =>
    act(async () => {
      await consoleApi.topUp(tenant.id, amount, note.trim());
      Toast.success(t('saved'));
      onDone();
    });
  return (
    <div className="console-editor" data-testid="tenant-editor">
      <FormField label={t('tenants.name')}>{(id) => <Input id={id} value={name} onChange={setName} maxLength={60} />}</FormField>
      <FormField label={t('tenants.nameEn')}>
        {(id) => <Input id={id} value={nameEn} onChange={setNameEn} maxLength={60} />}
      </FormField>
      <FlagsEditor flags={flags} onChange={setFlags} prefix="tenant" />
      <div className="console-toolbar">
        <Button theme="solid" onClick={save} data-testid="tenant-save">
          {t('save')}
        </Button>
        <Button onClick={onDone}>{t('cancel')}</Button>
      </div>
      {platform && (
        <div className="console-toolbar">
          <InputNumber
            value={amount}
            min={1}
            onChange={(v) => setAmount(Number(v) || 0)}
            aria-label={t('tenants.pool')}
            suffix={t('units.points')}
            style={{ width: 140 }}
          />
          <Input value={note} onChange={setNote} placeholder={t('tenants.topUpNote')} style={{ width: 200 }} />
          <Button disabled={!note.trim() || !amount} onClick={topUp}>
            {t('tenants.topUp')}
          </Button>
        </div>
      )}
    </div>
  );
}

export function TenantsPanel({ platform }: { platform: boolean }) {
  const { t } = useTranslation(['console', 'errors']);
  const act = useAction();
  const client = useQueryClient();
  const tenants = useQuery({ queryKey: [...CONSOLE_KEY, 'tenants'], queryFn: consoleApi.tenants });
  const [editing, setEditing] = useState<string | null>(null);
  const [newId, setNewId] = useState('');
  const [newName, setNewName] = useState('');
  const refresh = async () => {
    setEditing(null);
    await client.invalidateQueries({ queryKey: [...CONSOLE_KEY, 'tenants'] });
  };
  const create = () =>
    act(async () => {
      await consoleApi.createTenant({ id: newId.trim(), name: newName.trim(), nameEn: '', flags: {} });
      setNewId('');
      setNewName('');
      await refresh();
    });
  if (tenants.isLoading) return <Spin />;
  if (tenants.error) return <ErrorState error={tenants.error} onRetry={() => tenants.refetch()} />;
  return (
    <div data-testid="console-tenants">
      {platform && (
        <div className="console-toolbar">
          <Input value={newId} onChange={setNewId} placeholder={t('tenants.id')} style={{ width: 140 }} />
          <Input value={newName} onChange={setNewName} placeholder={t('tenants.name')} style={{ width: 180 }} />
          <Button disabled={!newId.trim() || !newName.trim()} onClick={create}>
            {t('tenants.newTenant')}
          </Button>
        </div>
      )}
      <div className="console-rows">
        {tenants.data?.map((tenant) => (
          <div className="console-row" key={tenant.id} data-testid={`tenant-row-${tenant.id}`}>
            <div className="console-row-head">
              <span className="console-row-main">
                <strong>{tenant.name}</strong> <span className="console-muted">{tenant.id}</span>
                <div className="console-muted">
                  {t('tenants.menuSet')}: {tenant.flags.menuSet ?? 'default'} · {t('tenants.members')}: {tenant.members} ·{' '}
                  {t('tenants.pool')}: {tenant.pool}
                </div>
                {!!tenant.flags.hiddenRoutes?.length && (
                  <div className="console-muted">{tenant.flags.hiddenRoutes.join(' ')}</div>
                )}
              </span>
              {editing !== tenant.id && (
                <Button size="small" onClick={() => setEditing(tenant.id)} data-testid="tenant-edit">
                  {t('edit')}
                </Button>
              )}
            </div>
            {editing === tenant.id && <TenantEditor tenant={tenant} platform={platform} onDone={refresh} />}
          </div>
        ))}
      </div>
    </div>
  );
}
