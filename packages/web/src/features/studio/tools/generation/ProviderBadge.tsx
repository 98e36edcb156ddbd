import { Tag, Tooltip, Typography } from '@douyinfe/semi-ui-19';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../../app/api.ts';
import { useConsoleMe } from '../../../organisation/console/consoleApi.ts';

/**
 * Which engine made the shown result (FASHN, Alibaba Cloud Model Studio, fal.ai) and whether its
 * garment is locked (the product's own pixels put back), for the tasks of the result being shown,
 * a fresh one or one picked from the history. Tasks of other engines show nothing.
 */
export function ProviderBadge({ tasks }: { tasks: Array<{ taskId: string; status: string }> }) {
  const { t } = useTranslation('aiPhoto');
  const ids = tasks.map((task) => task.taskId).slice(0, 50);
  const runs = useQuery({
    // The record is final once its task ended: the statuses are part of the key.
    queryKey: ['aiPhotoRuns', 'shown', tasks.map((task) => `${task.taskId}:${task.status}`).join(',')],
    queryFn: () => api.GET('/api/ai-photo/runs', { params: { query: { taskIds: ids.join(',') } } }),
    enabled: ids.length > 0,
    staleTime: 60_000,
  });
  const run = runs.data?.[0];
  if (!run) return null;
  return (
    <span className="provider-badge" data-testid="result-engine">
      <Typography.Text type="tertiary" size="small">
        {t('madeBy', { engine: `${t(`providers.${run.provider}`)} · ${run.model}` })}
      </Typography.Text>{' '}
      {run.garmentLocked ? (
        <Tooltip content={t('garmentLockedHint')}>
          <Tag color="green" size="small" data-testid="garment-locked">
            {t('garmentLocked')}
          </Tag>
        </Tooltip>
      ) : run.lockNote ? (
        <Typography.Text type="tertiary" size="small" data-testid="garment-lock-skipped">
          {t(`lockSkipped.${run.lockNote}`, { defaultValue: '' })}
        </Typography.Text>
      ) : null}
    </span>
  );
}

/**
 * The engine of one history item: the items are asked about in chunks of 50 (one request per chunk,
 * shared by its items through the query cache).
 */
export function HistoryEngine({ index, tasks }: { index: number; tasks: Array<{ taskId: string; status: string }> }) {
  const { t } = useTranslation('aiPhoto');
  const chunk = tasks.slice(Math.floor(index / 50) * 50, Math.floor(index / 50) * 50 + 50);
  const ids = chunk.map((task) => task.taskId).join(',');
  const runs = useQuery({
    queryKey: ['aiPhotoRuns', 'history', chunk.map((task) => `${task.taskId}:${task.status}`).join(',')],
    queryFn: () => api.GET('/api/ai-photo/runs', { params: { query: { taskIds: ids } } }),
    enabled: chunk.length > 0,
    staleTime: 5 * 60_000,
  });
  const run = runs.data?.find((r) => r.taskId === tasks[index]?.taskId);
  if (!run) return null;
  return (
    <Typography.Text type="tertiary" size="small" data-testid="history-engine">
      {t(`providers.${run.provider}`)}
      {run.garmentLocked ? ` · ${t('garmentLocked')}` : ''}
    </Typography.Text>
  );
}

/** For operators, under an unavailable tool: which keys turn it on. */
export function OperatorEngineHint() {
  const { t } = useTranslation('aiPhoto');
  const me = useConsoleMe();
  if (!me.data?.platform) return null;
  return (
    <Typography.Text type="tertiary" size="small" data-testid="operator-engine-hint">
      {t('operatorHint')}
    </Typography.Text>
  );
}
