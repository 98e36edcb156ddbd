import { Button, Input, Pagination, Spin } from '@douyinfe/semi-ui-19';
import { EmptyState, ErrorState } from '@productimage/kit';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime, TEAM_KEY, teamApi } from './teamApi.ts';

const PAGE = 20;

/** The tenant's audit log (who, what, on what, when), newest first; owners, admins and console operators. */
export function AuditLogList() {
  const { t } = useTranslation('team');
  const [pageNum, setPage] = useState(1);
  const [filter, setFilter] = useState('');
  const [action, setAction] = useState('');
  const log = useQuery({
    queryKey: [...TEAM_KEY, 'audit', pageNum, action],
    queryFn: () => teamApi.auditLog({ pageNum, pageSize: PAGE, action: action || undefined }),
  });
  return (
    <div data-testid="audit-log">
      <div className="team-toolbar">
        <Input value={filter} onChange={setFilter} placeholder={t('audit.filter')} style={{ maxWidth: 240 }} />
        <Button
          onClick={() => {
            setPage(1);
            setAction(filter.trim());
          }}
        >
          {t('audit.apply')}
        </Button>
      </div>
      {log.isLoading && <Spin />}
      {log.error && <ErrorState error={log.error} onRetry={() => log.refetch()} />}
      {log.data?.list.length === 0 && <EmptyState text={t('audit.empty')} />}
      <div className="team-rows">
        {log.data?.list.map((row) => (
          <div className="team-row" key={row.id} data-testid="audit-row">
            <span className="team-row-main">
              <strong>{row.action}</strong>
              {row.target && <span className="team-muted"> · {row.target}</span>}
              <div className="team-muted">{JSON.stringify(row.detail)}</div>
            </span>
            <span>{row.actorName}</span>
            <span className="team-muted">{formatTime(row.createdAt)}</span>
          </div>
        ))}
      </div>
      {!!log.data && log.data.total > PAGE && (
        <Pagination total={log.data.total} pageSize={PAGE} currentPage={pageNum} onPageChange={setPage} />
      )}
    </div>
  );
}
