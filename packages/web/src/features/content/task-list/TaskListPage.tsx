import { Button, Pagination, Popconfirm, Select, Spin, Table, Tag, Toast } from '@douyinfe/semi-ui-19';
import { EmptyState, ErrorState } from '@productimage/kit';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { CONTENT_TASK_STATUSES, type ContentTask, type ContentTaskStatus, taskListApi } from './taskListApi.ts';
import './themes/themes.css';
import { useAction } from '../../../shared/useAction.ts';

const PAGE_SIZE = 10;

/** /modi-task-list: content production tasks with owner, due date, platforms and status. */
export default function TaskListPage() {
  const { t } = useTranslation(['taskList', 'common']);
  const act = useAction();
  const client = useQueryClient();
  const [params] = useSearchParams();
  const themeId = params.get('themeId') ?? undefined;
  const [status, setStatus] = useState('');
  const [pageNum, setPageNum] = useState(1);
  const tasks = useQuery({
    queryKey: ['content-tasks', status, themeId, pageNum],
    queryFn: () =>
      taskListApi.list({ pageNum, pageSize: PAGE_SIZE, status: (status || undefined) as ContentTaskStatus | undefined, themeId }),
    placeholderData: keepPreviousData,
  });
  const remove = (task: ContentTask) =>
    act(async () => {
      await taskListApi.remove(task.taskId);
      Toast.success(t('common:deleted'));
      if (tasks.data?.list.length === 1 && pageNum > 1) setPageNum(pageNum - 1);
      await client.invalidateQueries({ queryKey: ['content-tasks'] });
    });
  const columns = [
    {
      title: t('taskTitle'),
      dataIndex: 'title',
      render: (v: string, r: ContentTask) => <Link to={`/modi-task-list/edit/${r.taskId}`}>{v}</Link>,
    },
    { title: t('owner'), dataIndex: 'owner' },
    { title: t('dueDate'), dataIndex: 'dueDate' },
    {
      title: t('platforms'),
      dataIndex: 'platforms',
      render: (v: string[]) => v.map((p) => <Tag key={p}>{t(`platform_${p}`)}</Tag>),
    },
    {
      title: t('status'),
      dataIndex: 'status',
      render: (v: string) => <Tag color={v === 'SUCCESS' ? 'green' : v === 'TIMEOUT' ? 'red' : 'blue'}>{t(`status_${v}`)}</Tag>,
    },
    {
      title: '',
      dataIndex: 'taskId',
      render: (_: string, r: ContentTask) => (
        <Popconfirm title={t('deleteConfirm')} onConfirm={() => remove(r)}>
          <Button size="small" type="danger">
            {t('delete')}
          </Button>
        </Popconfirm>
      ),
    },
  ];
  return (
    <div className="themes-page" data-testid="task-list-page">
      <h2>{t('title')}</h2>
      <div>
        <Link to="/modi-task-list/create">
          <Button theme="solid">{t('newTask')}</Button>
        </Link>{' '}
        <Select
          value={status}
          onChange={(v) => {
            setStatus(String(v ?? ''));
            setPageNum(1);
          }}
          aria-label={t('status')}
          optionList={[
            { value: '', label: t('all') },
            ...CONTENT_TASK_STATUSES.map((s) => ({ value: s, label: t(`status_${s}`) })),
          ]}
        />
      </div>
      {tasks.isLoading && <Spin />}
      {tasks.error && <ErrorState error={tasks.error} onRetry={() => tasks.refetch()} />}
      {tasks.data?.total === 0 && <EmptyState text={t('empty')} />}
      {!!tasks.data?.total && <Table columns={columns} dataSource={tasks.data.list} rowKey="taskId" pagination={false} />}
      {(tasks.data?.total ?? 0) > PAGE_SIZE && (
        <Pagination total={tasks.data!.total} pageSize={PAGE_SIZE} currentPage={pageNum} onPageChange={setPageNum} />
      )}
    </div>
  );
}
