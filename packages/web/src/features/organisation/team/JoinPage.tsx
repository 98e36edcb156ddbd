import { Button, Spin, Toast } from '@douyinfe/semi-ui-19';
import { teamRoleCan } from '@productimage/core';
import { EmptyState } from '@productimage/kit';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useSession } from '../../identity/accounts/session.ts';
import { TEAM_KEY, teamApi } from './teamApi.ts';
import './team.css';
import { useBusyAction } from '../../../shared/useAction.ts';

/**
 * /kos-join: the page an invitation opens. With ?invite=<token> it shows the team and role of a link
 * invitation; without, the invitations waiting for the user's phone. Joining needs a login
 * (the route asks for one); afterwards everything reloads with the new tenant's menus.
 */
export default function JoinPage() {
  const { t } = useTranslation(['team', 'errors']);
  const [params] = useSearchParams();
  // Not `token`: the app takes a `token` query parameter as a login hand-off (kit createBrowserApi).
  const token = params.get('invite');
  const navigate = useNavigate();
  const client = useQueryClient();
  const { current } = useSession();
  const { busy, run } = useBusyAction();
  const preview = useQuery({
    queryKey: [...TEAM_KEY, 'preview', token],
    queryFn: () => teamApi.preview(token ?? ''),
    enabled: !!token,
    retry: false,
  });
  const pending = useQuery({
    queryKey: [...TEAM_KEY, 'pending', current?.user.id],
    queryFn: teamApi.pending,
    enabled: !token && !!current,
  });
  const accept = async (by: { token?: string; id?: string }, tenant: string) => {
    await run(async () => {
      const joined = await teamApi.accept(by);
      Toast.success(t('join.joined', { tenant }));
      // A new tenant: the user, flags and menus all change.
      await client.invalidateQueries();
      navigate(teamRoleCan(joined.role, 'manageMembers') ? '/kos-member' : '/kos-account', { replace: true });
    });
  };
  return (
    <div className="team-page" data-testid="kos-join-page">
      <h2>{t('join.title')}</h2>
      {token && preview.isLoading && <Spin />}
      {token && preview.error && <p data-testid="join-invalid">{t('join.invalid')}</p>}
      {token && preview.data && (
        <div>
          <p data-testid="join-offer">
            {t('join.offer', { tenant: preview.data.tenantName, role: t(`roles.${preview.data.role}`) })}
          </p>
          <Button
            theme="solid"
            loading={busy}
            onClick={() => accept({ token }, preview.data.tenantName)}
            data-testid="join-accept"
          >
            {t('join.accept')}
          </Button>
        </div>
      )}
      {!token && (
        <>
          <h3>{t('join.pendingTitle')}</h3>
          {pending.isLoading && <Spin />}
          {pending.data?.length === 0 && <EmptyState text={t('join.none')} />}
          <div className="team-rows">
            {pending.data?.map((inv) => (
              <div className="team-row" key={inv.id}>
                <span className="team-row-main">{t('join.offer', { tenant: inv.tenantName, role: t(`roles.${inv.role}`) })}</span>
                <Button theme="solid" loading={busy} onClick={() => accept({ id: inv.id }, inv.tenantName)}>
                  {t('join.accept')}
                </Button>
              </div>
            ))}
          </div>
        </>
      )}
    </div>
  );
}
