import { Button, Input, Pagination, Popconfirm, Select, Spin, Toast } from '@douyinfe/semi-ui-19';
import { ASSIGNABLE_TEAM_ROLES, type AssignableTeamRole, TEAM_ROLE_RANK, type TeamRole } from '@productimage/core';
import { EmptyState, ErrorState } from '@productimage/kit';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAction } from '../../../shared/useAction.ts';
import { formatTime, TEAM_KEY, teamApi } from './teamApi.ts';

const PAGE = 20;

/** Whether `actor` may change someone holding `role` (strictly below; owners: all but owners). */
const mayChange = (actor: TeamRole, role: TeamRole) =>
  role !== 'owner' && (actor === 'owner' || TEAM_ROLE_RANK[role] < TEAM_ROLE_RANK[actor]);

export function MembersList({ myRole, myId }: { myRole: TeamRole; myId: string }) {
  const { t } = useTranslation(['team', 'errors']);
  const runAction = useAction();
  const client = useQueryClient();
  const [pageNum, setPage] = useState(1);
  const [keyword, setKeyword] = useState('');
  const [search, setSearch] = useState('');
  const members = useQuery({
    queryKey: [...TEAM_KEY, 'members', pageNum, search],
    queryFn: () => teamApi.members({ pageNum, pageSize: PAGE, keyword: search || undefined }),
  });
  const act = async (fn: () => Promise<unknown>) => {
    await runAction(async () => {
      await fn();
      Toast.success(t('members.saved'));
      await client.invalidateQueries({ queryKey: TEAM_KEY });
    });
  };
  const choices = ASSIGNABLE_TEAM_ROLES.filter((r) => myRole === 'owner' || TEAM_ROLE_RANK[r] < TEAM_ROLE_RANK[myRole]);
  return (
    <div data-testid="members-list">
      <div className="team-toolbar">
        <Input
          value={keyword}
          onChange={setKeyword}
          placeholder={t('members.search')}
          style={{ maxWidth: 260 }}
          onEnterPress={() => setSearch(keyword.trim())}
        />
      </div>
      {members.isLoading && <Spin />}
      {members.error && <ErrorState error={members.error} onRetry={() => members.refetch()} />}
      {members.data?.list.length === 0 && <EmptyState text={t('members.empty')} />}
      <div className="team-rows">
        {members.data?.list.map((m) => (
          <div className="team-row" key={m.userId} data-testid="member-row">
            <span className="team-row-main">
              <strong>{m.userName}</strong>
              <div className="team-muted">{m.phone ?? m.email}</div>
            </span>
            <span className="team-role-pill" data-testid="member-role">
              {t(`roles.${m.role}`)}
            </span>
            <span>
              {m.points} · <span className="team-muted">{formatTime(m.joinedAt)}</span>
            </span>
            {m.userId !== myId && mayChange(myRole, m.role) && (
              <span className="team-row-actions">
                <Select
                  size="small"
                  value={m.role}
                  aria-label={t('members.changeRole')}
                  style={{ width: 120 }}
                  optionList={choices.map((r) => ({ value: r, label: t(`roles.${r}`) }))}
                  onChange={(value) => act(() => teamApi.setRole(m.userId, value as AssignableTeamRole))}
                />
                <Popconfirm title={t('members.removeConfirm')} onConfirm={() => act(() => teamApi.remove(m.userId))}>
                  <Button size="small" type="danger">
                    {t('members.remove')}
                  </Button>
                </Popconfirm>
                {myRole === 'owner' && (
                  <Popconfirm title={t('members.transferConfirm')} onConfirm={() => act(() => teamApi.transfer(m.userId))}>
                    <Button size="small">{t('members.transfer')}</Button>
                  </Popconfirm>
                )}
              </span>
            )}
          </div>
        ))}
      </div>
      {!!members.data && members.data.total > PAGE && (
        <Pagination total={members.data.total} pageSize={PAGE} currentPage={pageNum} onPageChange={setPage} />
      )}
    </div>
  );
}
