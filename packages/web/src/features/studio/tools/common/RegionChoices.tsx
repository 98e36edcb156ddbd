import { Button, Spin, Typography } from '@douyinfe/semi-ui-19';
import { REGIONS_TIMEOUT_MS } from '@productimage/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../../app/api.ts';

export type RegionPoint = [number, number];

interface Props {
  /** The picture that will be cut (an upload or an earlier result); nothing is shown without one. */
  url: string | undefined;
  value: RegionPoint[];
  onChange: (keep: RegionPoint[]) => void;
  disabled?: boolean;
}

/**
 * The regions a cut would leave out beside the main subject (a plant beside a shirt), as one-click
 * thumbnails shown before anything is charged (issue 30). Picked ones go into the task's `keep`.
 * A picture that is already cut out has none, and the list is not shown.
 */
export function RegionChoices({ url, value, onChange, disabled }: Props) {
  const { t } = useTranslation('tools');
  const regions = useQuery({
    queryKey: ['cutRegions', url],
    queryFn: () => api.POST('/api/upload/regions', { body: { url: url! }, timeoutMs: REGIONS_TIMEOUT_MS }),
    enabled: !!url,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  if (!url) return null;
  if (regions.isLoading)
    return (
      <div className="region-choices" data-testid="region-choices-loading">
        <Spin size="small" /> <Typography.Text type="tertiary">{t('regionsLooking')}</Typography.Text>
      </div>
    );
  if (regions.isError)
    return (
      <div className="region-choices" data-testid="region-choices-failed">
        <Typography.Text type="tertiary">{t('regionsFailed')}</Typography.Text>{' '}
        <Button size="small" theme="borderless" onClick={() => void regions.refetch()} data-testid="region-choices-retry">
          {t('regionsRetry')}
        </Button>
      </div>
    );
  const list = (regions.data?.regions ?? []).map((r) => ({ ...r, point: [r.point[0] ?? 0, r.point[1] ?? 0] as RegionPoint }));
  if (list.length === 0) return null;
  const picked = (p: RegionPoint) => value.some((v) => v[0] === p[0] && v[1] === p[1]);
  const toggle = (p: RegionPoint) => onChange(picked(p) ? value.filter((v) => v[0] !== p[0] || v[1] !== p[1]) : [...value, p]);
  return (
    <div className="region-choices" data-testid="region-choices">
      <Typography.Text type="secondary" size="small">
        {t('regionsHelp')}
      </Typography.Text>
      <div className="region-thumbs">
        {list.map((r, i) => (
          <button
            key={`${r.point[0]},${r.point[1]}`}
            type="button"
            className={`region-thumb${picked(r.point) ? ' picked' : ''}`}
            aria-pressed={picked(r.point)}
            aria-label={t('regionsKeep', { n: i + 1 })}
            disabled={disabled}
            onClick={() => toggle(r.point)}
            data-testid="region-choice"
          >
            <img src={r.thumbnail} alt="" />
          </button>
        ))}
      </div>
    </div>
  );
}
