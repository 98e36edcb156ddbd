import { Button, Spin, Typography } from '@douyinfe/semi-ui-19';
import { REGIONS_TIMEOUT_MS } from '@productimage/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api } from '../../../../app/api.ts';
import { withOriginImage } from './originImage.ts';

export type RegionPoint = [number, number];

interface Props {
  /** The picture that will be cut (an upload or an earlier result); nothing is shown without one. */
  url: string | undefined;
  value: RegionPoint[];
  onChange: (keep: RegionPoint[]) => void;
  /** Regions the cut keeps beside the main subject that the user takes out (the task's `drop`). */
  drop?: RegionPoint[];
  onDropChange?: (drop: RegionPoint[]) => void;
  disabled?: boolean;
  /** Show the link to the mask editor (/ai-cutout with this picture); off on /ai-cutout itself. */
  maskEditor?: boolean;
}

/** The mask editor one click away, with the picture loaded (issue 44): for what the choices cannot fix. */
export function MaskEditorLink({ url }: { url: string }) {
  const { t } = useTranslation('tools');
  return (
    <Link to={withOriginImage('/ai-cutout', url)} className="region-mask-link" data-testid="region-mask-editor">
      {t('regionsMaskEditor')}
    </Link>
  );
}

/**
 * The regions a cut would leave out beside the main subject (a plant beside a shirt), as one-click
 * thumbnails shown before anything is charged (issue 30). Picked ones go into the task's `keep`.
 * Regions the cut keeps beside the main subject (issue 44: a lamp base within a mug's box) are shown
 * pressed; a click takes them out (the task's `drop`). The mask editor is one click away for what
 * the choices cannot fix, whether or not there are choices. A picture that is already cut out has
 * none, and the list is not shown.
 */
export function RegionChoices({ url, value, onChange, drop = [], onDropChange, disabled, maskEditor = true }: Props) {
  const { t } = useTranslation('tools');
  const regions = useQuery({
    queryKey: ['cutRegions', url],
    queryFn: () => api.POST('/api/upload/regions', { body: { url: url! }, timeoutMs: REGIONS_TIMEOUT_MS }),
    enabled: !!url,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  if (!url) return null;
  const link = maskEditor && <MaskEditorLink url={url} />;
  if (regions.isLoading)
    return (
      <div className="region-choices" data-testid="region-choices-loading">
        <Spin size="small" /> <Typography.Text type="tertiary">{t('regionsLooking')}</Typography.Text> {link}
      </div>
    );
  if (regions.isError)
    return (
      <div className="region-choices" data-testid="region-choices-failed">
        <Typography.Text type="tertiary">{t('regionsFailed')}</Typography.Text>{' '}
        <Button size="small" theme="borderless" onClick={() => void regions.refetch()} data-testid="region-choices-retry">
          {t('regionsRetry')}
        </Button>{' '}
        {link}
      </div>
    );
  const list = (regions.data?.regions ?? [])
    .map((r) => ({ ...r, point: [r.point[0] ?? 0, r.point[1] ?? 0] as RegionPoint }))
    // Kept regions can only be dropped where the page takes a `drop`.
    .filter((r) => !r.kept || onDropChange);
  if (list.length === 0) return link ? <div className="region-choices">{link}</div> : null;
  const has = (list: RegionPoint[], p: RegionPoint) => list.some((v) => v[0] === p[0] && v[1] === p[1]);
  const without = (list: RegionPoint[], p: RegionPoint) => list.filter((v) => v[0] !== p[0] || v[1] !== p[1]);
  // Pressed = in the cut: a left-out region the user keeps, or a kept region the user has not dropped.
  const pressed = (r: (typeof list)[number]) => (r.kept ? !has(drop, r.point) : has(value, r.point));
  const toggle = (r: (typeof list)[number]) => {
    if (r.kept) onDropChange?.(has(drop, r.point) ? without(drop, r.point) : [...drop, r.point]);
    else onChange(has(value, r.point) ? without(value, r.point) : [...value, r.point]);
  };
  const kept = list.some((r) => r.kept);
  return (
    <div className="region-choices" data-testid="region-choices">
      <Typography.Text type="secondary" size="small">
        {t(kept ? 'regionsKeptHelp' : 'regionsHelp')}
      </Typography.Text>
      <div className="region-thumbs">
        {list.map((r, i) => (
          <button
            key={`${r.point[0]},${r.point[1]}`}
            type="button"
            className={`region-thumb${pressed(r) ? ' picked' : ''}`}
            aria-pressed={pressed(r)}
            aria-label={t(r.kept ? 'regionsDrop' : 'regionsKeep', { n: i + 1 })}
            disabled={disabled}
            onClick={() => toggle(r)}
            data-testid={r.kept ? 'region-kept' : 'region-choice'}
          >
            <img src={r.thumbnail} alt="" />
          </button>
        ))}
      </div>
      {link}
    </div>
  );
}
