import { Button, Checkbox, Input, Spin, Toast, Upload } from '@douyinfe/semi-ui-19';
import type { MenuSetId } from '@productimage/core';
import { ErrorState } from '@productimage/kit';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../app/api.ts';
import { ROUTES } from '../../../app/routes.ts';
import { MENU_SET_GROUPS } from '../../app/shell/menus.ts';
import { FLAGS_KEY } from '../../identity/tenants/useFlags.ts';
import { TEAM_KEY, type TenantSettings, teamApi, useTeamMe } from './teamApi.ts';
import './team.css';
import { useAction, useBusyAction } from '../../../shared/useAction.ts';
import { FormField } from '../../app/shell/FormField.tsx';

/** Entries a team may never hide from itself (it would lock its admins out of these settings). */
const KEEP = new Set(['kosTenant', 'kosMember']);

/** The menu entries of the tenant's menu set as [route id, path]. */
function menuEntries(menuSet: string): Array<[string, string]> {
  const groups = MENU_SET_GROUPS[menuSet as MenuSetId] ?? MENU_SET_GROUPS.default;
  const out: Array<[string, string]> = [];
  for (const id of groups.flatMap((g) => g.items)) {
    const route = ROUTES.find((r) => r.id === id);
    if (route && !KEEP.has(id) && !out.some(([, p]) => p === route.path)) out.push([id, route.path]);
  }
  return out;
}

/** /kos-tenant: the team's own settings (name, logo, menus and flags a tenant may change itself). */
export default function KosTenantPage() {
  const { t } = useTranslation(['team', 'routes', 'errors']);
  const act = useAction();
  const client = useQueryClient();
  const { me, loading, can } = useTeamMe();
  const allowed = can('manageTenant');
  const settings = useQuery({ queryKey: [...TEAM_KEY, 'tenant'], queryFn: teamApi.tenant, enabled: allowed });
  const [form, setForm] = useState<TenantSettings | null>(null);
  const { busy, run } = useBusyAction();
  useEffect(() => {
    if (settings.data) setForm(settings.data);
  }, [settings.data]);
  if (loading) return <Spin />;
  if (!me) return null;
  if (!allowed)
    return (
      <div className="team-page">
        <h2>{t('tenant.title')}</h2>
        <p data-testid="team-no-right">{t('noRight', { role: t(`roles.${me.role}`) })}</p>
      </div>
    );
  if (settings.error) return <ErrorState error={settings.error} onRetry={() => settings.refetch()} />;
  if (!form) return <Spin />;
  const set = (patch: Partial<TenantSettings>) => setForm({ ...form, ...patch });
  const uploadLogo = (file: File) =>
    act(async () => {
      const [url] = await api.upload(file, file.name);
      if (url) set({ logo: url });
    });
  const save = async () => {
    await run(async () => {
      const { name, logo, hiddenRoutes, hideInvite, hideCoins, hideFloating } = form;
      await teamApi.saveTenant({ name: name.trim(), logo, hiddenRoutes, hideInvite, hideCoins, hideFloating });
      Toast.success(t('tenant.saved'));
      await client.invalidateQueries({ queryKey: TEAM_KEY });
      await client.invalidateQueries({ queryKey: FLAGS_KEY });
    });
  };
  const hidden = new Set(form.hiddenRoutes);
  return (
    <div className="team-page" data-testid="kos-tenant-page">
      <h2>{t('tenant.title')}</h2>
      <p className="team-muted">{t('tenant.intro')}</p>
      <div className="team-form">
        <FormField label={t('tenant.name')}>
          {(id) => (
            <Input id={id} value={form.name} maxLength={40} onChange={(name) => set({ name })} data-testid="tenant-name" />
          )}
        </FormField>
        <div>
          {t('tenant.logo')}
          <div className="team-toolbar">
            {form.logo && <img className="team-logo" src={form.logo} alt={t('tenant.logo')} />}
            <Upload
              action=""
              accept="image/png,image/jpeg,image/webp,image/gif"
              showUploadList={false}
              customRequest={({ fileInstance, onSuccess }) => {
                void uploadLogo(fileInstance).then(() => onSuccess({}));
              }}
            >
              <Button>{t('tenant.logoUpload')}</Button>
            </Upload>
            {form.logo && <Button onClick={() => set({ logo: null })}>{t('tenant.logoRemove')}</Button>}
          </div>
        </div>
        <Checkbox checked={form.hideInvite} onChange={(e) => set({ hideInvite: !!e.target.checked })}>
          {t('tenant.hideInvite')}
        </Checkbox>
        <Checkbox checked={form.hideCoins} onChange={(e) => set({ hideCoins: !!e.target.checked })}>
          {t('tenant.hideCoins')}
        </Checkbox>
        <Checkbox checked={form.hideFloating} onChange={(e) => set({ hideFloating: !!e.target.checked })}>
          {t('tenant.hideFloating')}
        </Checkbox>
        <div>
          {t('tenant.hiddenRoutes')}
          <div className="team-checks">
            {menuEntries(form.menuSet).map(([id, path]) => (
              <Checkbox
                key={path}
                checked={!hidden.has(path)}
                onChange={(e) =>
                  set({
                    hiddenRoutes: e.target.checked ? form.hiddenRoutes.filter((p) => p !== path) : [...form.hiddenRoutes, path],
                  })
                }
              >
                {t(`routes:${id}`)}
              </Checkbox>
            ))}
          </div>
        </div>
        <Button theme="solid" loading={busy} disabled={!form.name.trim()} onClick={save} data-testid="tenant-save">
          {t('tenant.save')}
        </Button>
      </div>
    </div>
  );
}
