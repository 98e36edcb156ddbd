import { Popover, Switch, Tag, Tooltip, Typography } from '@douyinfe/semi-ui-19';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../../app/api.ts';

/**
 * Which engine made the shown result (FASHN, Alibaba Cloud Model Studio, fal.ai) and whether its
 * garment is locked (the product's own pixels put back), for the tasks of the result being shown,
 * a fresh one or one picked from the history. Tasks of other engines show nothing. A locked result
 * has a toggle: switched off, it shows what the provider made before the lock, to compare.
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
  const [showOriginal, setShowOriginal] = useState(false);
  const run = runs.data?.[0];
  if (!run) return null;
  const engine = t(`providers.${run.provider}`);
  const originals = run.originals.filter((url): url is string => !!url);
  return (
    <span className="provider-badge" data-testid="result-engine">
      <Typography.Text type="tertiary" size="small">
        {t('madeBy', { engine: `${engine} · ${run.model}` })}
      </Typography.Text>{' '}
      {run.garmentLocked ? (
        <Popover
          trigger="custom"
          visible={showOriginal && originals.length > 0}
          onClickOutSide={() => setShowOriginal(false)}
          content={
            <div className="provider-originals" data-testid="provider-originals">
              <Typography.Text type="tertiary" size="small">
                {t('providerOriginals', { engine })}
              </Typography.Text>
              <div>
                {originals.map((url) => (
                  <a key={url} href={url} target="_blank" rel="noreferrer">
                    <img src={url} alt={t('providerOriginals', { engine })} data-testid="provider-original" />
                  </a>
                ))}
              </div>
            </div>
          }
        >
          <span className="garment-lock-toggle">
            {originals.length > 0 && (
              <Switch
                size="small"
                checked={!showOriginal}
                onChange={(on) => setShowOriginal(!on)}
                aria-label={t('garmentLockToggle')}
                data-testid="garment-lock-toggle"
              />
            )}
            <Tooltip content={t('garmentLockedHint')}>
              <Tag color="green" size="small" data-testid="garment-locked">
                {t('garmentLocked')}
              </Tag>
            </Tooltip>
          </span>
        </Popover>
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
