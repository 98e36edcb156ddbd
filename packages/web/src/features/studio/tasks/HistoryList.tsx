import { Button, Empty, Skeleton, Typography } from '@douyinfe/semi-ui-19';
import './tasks.css';
import { formatDate } from '@productimage/core';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useSession } from '../../identity/accounts/session.ts';
import { toolPathOf } from './bizRoutes.ts';
import { StatusTag } from './StatusTag.tsx';
import { TaskThumb } from './TaskThumb.tsx';
import type { TaskView } from './taskApi.ts';
import { describeError } from './taskErrors.ts';
import { useTaskList } from './useTaskList.ts';

interface Props {
  bizType: string;
  /** The task on screen, marked in the list. */
  activeIds?: string[];
  onPick: (task: TaskView) => void;
  /** Something a tool adds under an item (e.g. the engine that made it), given the listed tasks. */
  itemExtra?: (task: TaskView, index: number, items: TaskView[]) => React.ReactNode;
}

/** This tool's earlier generations (within the tier's retention), newest first. */
export function HistoryList({ bizType, activeIds = [], onPick, itemExtra }: Props) {
  const { t } = useTranslation(['tasks', 'common']);
  const { current } = useSession();
  const query = useTaskList({ bizType }, !!current);
  const pathname = useLocation().pathname;
  // Product background, background reproduction and its batch share a business type but not a
  // history: each page lists the runs it made (told apart by their parameters, creation/bizRoutes).
  const items = (query.data?.pages.flatMap((page) => page.list) ?? []).filter(
    (task) => bizType !== 'PRODUCT_REPLACE_IMAGE' || toolPathOf(task) === pathname,
  );

  let body: React.ReactNode;
  if (!current) body = <Typography.Text type="tertiary">{t('historyLogin')}</Typography.Text>;
  else if (query.isLoading) body = <Skeleton placeholder={<Skeleton.Paragraph rows={3} />} loading active />;
  else if (query.isError)
    body = (
      <div className="history-error">
        <Typography.Text type="danger">{describeError(query.error, t).message}</Typography.Text>
        <Button size="small" onClick={() => void query.refetch()}>
          {t('common:retry')}
        </Button>
      </div>
    );
  else if (!items.length) body = <Empty description={t('historyEmpty')} />;
  else
    body = (
      <>
        <ul className="history-list" data-testid="history-list">
          {items.map((task, index) => (
            <li key={task.taskId}>
              <button
                type="button"
                className={`history-item${activeIds.includes(task.taskId) ? ' active' : ''}`}
                onClick={() => onPick(task)}
                data-testid="history-item"
              >
                <TaskThumb task={task} size={56} />
                <span className="history-meta">
                  <StatusTag status={task.status} />
                  <Typography.Text type="tertiary" size="small">
                    {task.createdAt ? formatDate(task.createdAt, true) : ''}
                  </Typography.Text>
                  {itemExtra?.(task, index, items)}
                </span>
              </button>
            </li>
          ))}
        </ul>
        {query.hasNextPage && (
          <Button block theme="borderless" loading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
            {t('loadMore')}
          </Button>
        )}
      </>
    );

  return (
    <section className="tool-history" aria-label={t('historyTitle')}>
      <Typography.Title heading={6}>{t('historyTitle')}</Typography.Title>
      {body}
    </section>
  );
}
