import { Button, Input, InputNumber, Popconfirm, Select, Spin, Toast } from '@douyinfe/semi-ui-19';
import { ASSIGNABLE_TEAM_ROLES, type AssignableTeamRole, TEAM_INVITATION_DAYS, type TeamRole } from '@productimage/core';
import { EmptyState, ErrorState } from '@productimage/kit';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAction } from '../../../shared/useAction.ts';
import { copyText } from '../../app/shell/copyText.ts';
import { formatTime, TEAM_KEY, teamApi } from './teamApi.ts';

/** The page an invitation link opens (inside the app's base path). */
export function invitationLink(token: string): string {
  const base = import.meta.env.BASE_URL.replace(/\/$/, '');
  return `${window.location.origin}${base}/kos-join?invite=${encodeURIComponent(token)}`;
}

export function InvitationsPanel({ myRole }: { myRole: TeamRole }) {
  const { t } = useTranslation(['team', 'errors', 'validation']);
  const act = useAction();
  const client = useQueryClient();
  const [kind, setKind] = useState<'link' | 'phone'>('link');
  const [role, setRole] = useState<AssignableTeamRole>('member');
  const [phone, setPhone] = useState('');
  const [days, setDays] = useState<number>(TEAM_INVITATION_DAYS.default);
  const [link, setLink] = useState<string | null>(null);
  const list = useQuery({
    queryKey: [...TEAM_KEY, 'invitations'],
    queryFn: () => teamApi.invitations({ pageNum: 1, pageSize: 50 }),
  });
  const roles = ASSIGNABLE_TEAM_ROLES.filter((r) => r !== 'admin' || myRole === 'owner');
  const invite = () =>
    act(async () => {
      const made = await teamApi.invite({ role, kind, days, ...(kind === 'phone' ? { phone: phone.trim() } : {}) });
      if (made.token) setLink(invitationLink(made.token));
      else {
        setLink(null);
        Toast.success(t('invitations.phoneReady', { phone: phone.trim() }));
      }
      await client.invalidateQueries({ queryKey: [...TEAM_KEY, 'invitations'] });
    });
  const revoke = (id: string) =>
    act(async () => {
      await teamApi.revoke(id);
      await client.invalidateQueries({ queryKey: [...TEAM_KEY, 'invitations'] });
    });
  return (
    <div data-testid="invitations">
      <div className="team-toolbar">
        <Select
          value={kind}
          onChange={(v) => setKind(v as 'link' | 'phone')}
          aria-label={t('invitations.kind')}
          style={{ width: 110 }}
          optionList={[
            { value: 'link', label: t('invitations.kindLink') },
            { value: 'phone', label: t('invitations.kindPhone') },
          ]}
        />
        <Select
          value={role}
          onChange={(v) => setRole(v as AssignableTeamRole)}
          aria-label={t('members.role')}
          style={{ width: 120 }}
          optionList={roles.map((r) => ({ value: r, label: t(`roles.${r}`) }))}
        />
        {kind === 'phone' && (
          <Input
            value={phone}
            onChange={setPhone}
            placeholder={t('invitations.phone')}
            maxLength={11}
            style={{ width: 160 }}
            data-testid="invite-phone"
          />
        )}
        <InputNumber
          value={days}
          min={1}
          max={TEAM_INVITATION_DAYS.max}
          onChange={(v) => setDays(Number(v) || TEAM_INVITATION_DAYS.default)}
          aria-label={t('invitations.days')}
          style={{ width: 90 }}
        />
        <Button theme="solid" onClick={invite} data-testid="invite-create">
          {t('invitations.create')}
        </Button>
      </div>
      <p className="team-muted">{t(`roleHints.${role}`)}</p>
      {link && (
        <div>
          <p>{t('invitations.linkReady')}</p>
          <div className="team-link-box" data-testid="team-invite-link">
            {link}
          </div>
          <Button
            size="small"
            onClick={async () => {
              await copyText(link);
              Toast.success(t('invitations.copied'));
            }}
          >
            {t('invitations.copy')}
          </Button>
        </div>
      )}
      {list.isLoading && <Spin />}
      {list.error && <ErrorState error={list.error} onRetry={() => list.refetch()} />}
      {list.data?.list.length === 0 && <EmptyState text={t('invitations.empty')} />}
      <div className="team-rows">
        {list.data?.list.map((inv) => (
          <div className="team-row" key={inv.id} data-testid="invitation-row">
            <span className="team-row-main">
              {inv.kind === 'phone' ? inv.phone : t('invitations.kindLink')} · {t(`roles.${inv.role}`)}
            </span>
            <span>{t(`invitations.status.${inv.status}`)}</span>
            <span className="team-muted">
              {t('invitations.expires')} {formatTime(inv.expiresAt)}
            </span>
            {inv.status === 'pending' && (
              <Popconfirm title={t('invitations.revokeConfirm')} onConfirm={() => revoke(inv.id)}>
                <Button size="small" type="danger">
                  {t('invitations.revoke')}
                </Button>
              </Popconfirm>
            )}
          </div>
        ))}
      </div>
    </div>
  );
}
