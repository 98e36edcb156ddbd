import { Banner } from '@douyinfe/semi-ui-19';
import { formatDate } from '@productimage/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { toolPathOf } from '../../tasks/bizRoutes.ts';
import { taskApi } from '../../tasks/taskApi.ts';
import { taskKey } from '../../tasks/taskCache.ts';
import { useOriginState, withOriginState } from './originImage.ts';

/**
 * Where the page's starting picture came from (`genOriginState`): the tool and date of the result
 * it was taken from, with a link back to that result. Nothing when the page is that result's own
 * tool (it shows the result itself), or the task is not the user's.
 */
export function OriginNote() {
  const { t } = useTranslation(['tools', 'tasks']);
  const id = useOriginState();
  const { pathname } = useLocation();
  const task = useQuery({
    queryKey: taskKey(id ?? ''),
    queryFn: () => taskApi.get(id as string),
    enabled: !!id,
    retry: false,
  }).data;
  if (!task) return null;
  const path = toolPathOf(task);
  if (!path || path === pathname) return null;
  return (
    <Banner
      type="success"
      fullMode={false}
      closeIcon={null}
      data-testid="origin-note"
      description={
        <span>
          {t('tools:originNote', { tool: t(`tasks:biz_${task.bizType}`), date: formatDate(task.createdAt) })}{' '}
          <Link to={withOriginState(path, task.taskId)} data-testid="origin-back">
            {t('tools:originBack')}
          </Link>
        </span>
      }
    />
  );
}
