import { IconDelete } from '@douyinfe/semi-icons';
import { Button, Empty, Pagination, Popconfirm, Select, Skeleton, Toast, Typography } from '@douyinfe/semi-ui-19';
import { formatDate, HISTORY_RETENTION_DAYS, TASK_STATUSES, type TaskStatus } from '@productimage/core';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../identity/accounts/session.ts';
import { withOriginState } from '../tools/common/originImage.ts';
import { toolPathOf } from './bizRoutes.ts';
import { StatusTag } from './StatusTag.tsx';
import { TaskThumb } from './TaskThumb.tsx';
import { type TaskView, taskApi } from './taskApi.ts';
import { describeError } from './taskErrors.ts';
import { TASK_LIST_KEY } from './useTaskRun.ts';
import './tasks.css';
import './creation.css';
import { TaskPreview } from './TaskPreview.tsx';

const PAGE_SIZE = 12;

/** The first words of a text job: its text, else the strings of its structured result. */
function textPreview(task: TaskView): string {
  if (task.text?.trim()) return task.text.trim().slice(0, 160);
  const strings: string[] = [];
  const walk = (v: unknown) => {
    if (strings.join('').length > 160) return;
    if (typeof v === 'string') strings.push(v);
    else if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') Object.values(v).forEach(walk);
  };
  walk(task.data);
  return strings.join(' ').trim().slice(0, 160);
}

/** /personal-center: everything the user generated, across tools, within the plan's retention. */
export default function CreationPage() {
  const { t } = useTranslation(['creation', 'tasks', 'common']);
  const client = useQueryClient();
  const { current } = useSession();
  const [bizType, setBizType] = useState('');
  // A batch card opened: its items, instead of the history (issue 41).
  const [batch, setBatch] = useState<{ batchId: string; bizType: string } | null>(null);
  const [status, setStatus] = useState<TaskStatus | ''>('');
  const [pageNum, setPageNum] = useState(1);
  const [preview, setPreview] = useState<TaskView | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);
  const tier = current?.benefitPackage.product.productType ?? 'free';

  const query = useQuery({
    queryKey: [...TASK_LIST_KEY, 'creation', bizType, status, batch?.batchId, pageNum],
    queryFn: () =>
      taskApi.list({
        bizType: bizType || undefined,
        status: status || undefined,
        batchId: batch?.batchId,
        pageNum,
        pageSize: PAGE_SIZE,
      }),
    placeholderData: keepPreviousData,
  });

  const remove = async (task: TaskView) => {
    setDeleting(task.taskId);
    try {
      await taskApi.remove(task.taskId);
      Toast.success(t('common:deleted'));
      // a deleted last item of a page goes back one page
      if (query.data?.list.length === 1 && pageNum > 1) setPageNum(pageNum - 1);
      await client.invalidateQueries({ queryKey: TASK_LIST_KEY });
    } catch (error) {
      Toast.error(describeError(error, t).message);
    } finally {
      setDeleting(null);
    }
  };

  const filters = (
    <div className="creation-filters">
      <Select
        value={bizType}
        onChange={(v) => {
          setBizType(String(v ?? ''));
          setPageNum(1);
        }}
        className="creation-filter"
        aria-label={t('filterTool')}
        data-testid="filter-tool"
        optionList={[
          { value: '', label: t('allTools') },
          // The tools this user has used (the server says which), not every tool there is (issue 41).
          ...(query.data?.tools ?? []).map((b) => ({ value: b, label: t(`tasks:biz_${b}`) })),
        ]}
      />
      <Select
        value={status}
        onChange={(v) => {
          setStatus((v ?? '') as TaskStatus | '');
          setPageNum(1);
        }}
        className="creation-filter"
        aria-label={t('filterStatus')}
        data-testid="filter-status"
        optionList={[
          { value: '', label: t('allStatuses') },
          ...TASK_STATUSES.map((s) => ({ value: s, label: t(`tasks:status_${s}`) })),
        ]}
      />
    </div>
  );

  let body: React.ReactNode;
  if (query.isLoading) body = <Skeleton placeholder={<Skeleton.Paragraph rows={6} />} loading active />;
  else if (query.isError)
    body = (
      <Empty title={describeError(query.error, t).message} data-testid="creation-error">
        <Button onClick={() => void query.refetch()}>{t('common:retry')}</Button>
      </Empty>
    );
  else if (!query.data?.list.length)
    body = (
      <Empty
        title={bizType || status ? t('emptyFiltered') : t('emptyTitle')}
        description={bizType || status ? undefined : t('emptyBody')}
        data-testid="creation-empty"
      >
        {!bizType && !status && (
          <Link to="/ai-cutout">
            <Button theme="solid">{t('startCreating')}</Button>
          </Link>
        )}
      </Empty>
    );
  else
    body = (
      <>
        <ul className="creation-grid" data-testid="creation-list">
          {query.data.list.map((task) => {
            const path = toolPathOf(task);
            return (
              <li key={task.taskId} className="creation-card" data-testid="creation-item">
                <button type="button" className="creation-card-thumb" onClick={() => setPreview(task)} aria-label={t('open')}>
                  {task.output === 'text' ? (
                    <span className="creation-text-thumb" data-testid="creation-text-preview">
                      {textPreview(task) || t(`tasks:status_${task.status}`)}
                    </span>
                  ) : (
                    <TaskThumb task={task} size="100%" />
                  )}
                </button>
                <div className="creation-card-body">
                  <Typography.Text strong ellipsis data-testid={task.batch ? 'creation-batch' : undefined}>
                    {task.batch
                      ? t('batchCard', { tool: t(`tasks:biz_${task.bizType}`), count: task.batch.count })
                      : t(`tasks:biz_${task.bizType}`)}
                  </Typography.Text>
                  <div className="creation-card-meta">
                    <StatusTag status={task.status} />
                    <Typography.Text type="tertiary" size="small">
                      {task.createdAt ? formatDate(task.createdAt) : ''}
                    </Typography.Text>
                  </div>
                  <div className="creation-card-actions">
                    {task.batch ? (
                      <>
                        <Button
                          size="small"
                          onClick={() => {
                            setBatch({ batchId: task.batch!.batchId, bizType: task.bizType });
                            setPageNum(1);
                          }}
                          data-testid="creation-batch-expand"
                        >
                          {t('batchExpand')}
                        </Button>
                        <Link to={`/batch?id=${task.batch.batchId}`}>
                          <Button size="small" theme="borderless">
                            {t('batchOpen')}
                          </Button>
                        </Link>
                      </>
                    ) : (
                      <Button size="small" onClick={() => setPreview(task)}>
                        {t('open')}
                      </Button>
                    )}
                    {path && !task.batch && (
                      <Link to={withOriginState(path, task.taskId)} data-testid="creation-open-tool">
                        <Button size="small" theme="borderless">
                          {t('openTool')}
                        </Button>
                      </Link>
                    )}
                    <span className="spacer" />
                    <Popconfirm title={t('deleteConfirm')} content={t('deleteConfirmBody')} onConfirm={() => void remove(task)}>
                      <span className="trigger">
                        <Button
                          size="small"
                          type="danger"
                          theme="borderless"
                          icon={<IconDelete />}
                          loading={deleting === task.taskId}
                          aria-label={t('delete')}
                          data-testid="creation-delete"
                        />
                      </span>
                    </Popconfirm>
                  </div>
                </div>
              </li>
            );
          })}
        </ul>
        {query.data.total > PAGE_SIZE && (
          <Pagination total={query.data.total} pageSize={PAGE_SIZE} currentPage={pageNum} onPageChange={setPageNum} />
        )}
      </>
    );

  return (
    <div className="creation-page" data-testid="creation-page">
      <header className="creation-header">
        <Typography.Title heading={3}>{t('title')}</Typography.Title>
        <Typography.Text type="tertiary">{t('retention', { days: HISTORY_RETENTION_DAYS[tier] })}</Typography.Text>
      </header>
      {filters}
      {batch && (
        <div className="creation-batch-bar" data-testid="creation-batch-bar">
          <Typography.Text strong>
            {t('batchItems', { batch: batch.batchId.slice(0, 8), tool: t(`tasks:biz_${batch.bizType}`) })}
          </Typography.Text>
          <Button
            size="small"
            theme="borderless"
            onClick={() => {
              setBatch(null);
              setPageNum(1);
            }}
            data-testid="creation-batch-back"
          >
            {t('batchBack')}
          </Button>
        </div>
      )}
      {body}
      <TaskPreview task={preview} onClose={() => setPreview(null)} />
    </div>
  );
}
