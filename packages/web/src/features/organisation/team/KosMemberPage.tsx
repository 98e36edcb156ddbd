import { Spin, TabPane, Tabs } from '@douyinfe/semi-ui-19';
import { ErrorState } from '@productimage/kit';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../identity/accounts/session.ts';
import { AuditLogList } from './AuditLogList.tsx';
import { InvitationsPanel } from './InvitationsPanel.tsx';
import { MembersList } from './MembersList.tsx';
import { PointsPanel } from './PointsPanel.tsx';
import { useTeamMe } from './teamApi.ts';
import './team.css';

/** /kos-member: members and roles, invitations, the enterprise points pool, the audit log (owners and admins). */
export default function KosMemberPage() {
  const { t } = useTranslation('team');
  const { current } = useSession();
  const { me, loading, error, can } = useTeamMe();
  if (loading) return <Spin />;
  if (error) return <ErrorState error={error} />;
  if (!me || !current) return null;
  return (
    <div className="team-page" data-testid="kos-member-page">
      <h2>{t('members.title')}</h2>
      <p>
        {t('members.intro', { tenant: me.tenantName })} <span className="team-role-pill">{t(`roles.${me.role}`)}</span>
      </p>
      {!can('manageMembers') ? (
        <p data-testid="team-no-right">{t('noRight', { role: t(`roles.${me.role}`) })}</p>
      ) : (
        <Tabs type="line" lazyRender>
          <TabPane tab={t('members.tabMembers')} itemKey="members">
            <MembersList myRole={me.role} myId={current.user.id} />
          </TabPane>
          {can('inviteMembers') && (
            <TabPane tab={t('members.tabInvitations')} itemKey="invitations">
              <InvitationsPanel myRole={me.role} />
            </TabPane>
          )}
          {me.enterprise && can('managePoints') && (
            <TabPane tab={t('members.tabPoints')} itemKey="points">
              <PointsPanel />
            </TabPane>
          )}
          {can('viewAuditLog') && (
            <TabPane tab={t('members.tabAudit')} itemKey="audit">
              <AuditLogList />
            </TabPane>
          )}
        </Tabs>
      )}
    </div>
  );
}
