import { Button, Tag } from '@douyinfe/semi-ui-19';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MaskEditorLink, type RegionPoint } from '../tools/common/RegionChoices.tsx';
import type { BatchItem } from './batchesApi.ts';

type Region = NonNullable<BatchItem['regions']>[number];
export type ItemChoicesValue = { keep?: RegionPoint[]; drop?: RegionPoint[] };

const THUMB = 52;
const same = (a: RegionPoint, b: readonly number[]) => a[0] === b[0] && a[1] === b[1];
const has = (list: RegionPoint[], p: RegionPoint) => list.some((v) => same(v, p));
const toggled = (list: RegionPoint[], p: RegionPoint) => (has(list, p) ? list.filter((v) => !same(v, p)) : [...list, p]);
const key = (list: RegionPoint[]) =>
  list
    .map((p) => p.join(','))
    .sort()
    .join(';');

/**
 * A batch picture's cut choices (issue 44), as on the single tools: what the cut kept beside the
 * product (a lamp beside a dress: marked, pressed, one click takes it out) and what it left out
 * (one click keeps it), then one redo of this picture with them; the mask editor one click away.
 * The regions come with the batch (no thumbnails): each is shown cropped from the picture itself.
 */
export function ItemChoices(props: {
  item: BatchItem;
  /** The item's picture (the one its recipe cuts). */
  picture: string;
  /** The picture's width over its height, once its image has loaded. */
  aspect: number;
  busy: boolean;
  onRedo: (choices: ItemChoicesValue) => void;
}) {
  const { item, picture, aspect } = props;
  const { t } = useTranslation('batches');
  const saved = { keep: (item.choices.keep ?? []) as RegionPoint[], drop: (item.choices.drop ?? []) as RegionPoint[] };
  const [keep, setKeep] = useState(saved.keep);
  const [drop, setDrop] = useState(saved.drop);
  const regions = item.regions ?? [];
  if (regions.length === 0) return null;
  const point = (r: Region) => [r.point[0], r.point[1]] as RegionPoint;
  const pressed = (r: Region) => (r.kept ? !has(drop, point(r)) : has(keep, point(r)));
  const changed = key(keep) !== key(saved.keep) || key(drop) !== key(saved.drop);
  const kept = regions.some((r) => r.kept);
  return (
    <div className="batch-choices" data-testid="batch-item-choices">
      <Tag size="small" color={kept ? 'orange' : 'blue'} data-testid={kept ? 'batch-item-kept' : 'batch-item-left-out'}>
        {t(kept ? 'regionsKept' : 'regionsLeftOut')}
      </Tag>
      <div className="batch-choices-help">{t('regionsHelp')}</div>
      <div className="region-thumbs">
        {regions.map((r, i) => (
          <button
            key={`${r.point[0]},${r.point[1]}`}
            type="button"
            className={`batch-region${pressed(r) ? ' picked' : ''}`}
            aria-pressed={pressed(r)}
            aria-label={t(r.kept ? 'regionDrop' : 'regionKeep', { n: i + 1 })}
            disabled={props.busy}
            onClick={() => (r.kept ? setDrop(toggled(drop, point(r))) : setKeep(toggled(keep, point(r))))}
            data-testid={r.kept ? 'region-kept' : 'region-choice'}
          >
            <img src={picture} alt="" style={cropStyle(r.box, aspect)} />
          </button>
        ))}
      </div>
      <div className="batch-choices-actions">
        <Button
          size="small"
          disabled={!changed}
          loading={props.busy}
          onClick={() => props.onRedo({ keep, drop })}
          data-testid="batch-item-redo-choices"
        >
          {t('regionsRedo')}
        </Button>
        <MaskEditorLink url={picture} />
      </div>
    </div>
  );
}

/** Places the picture so that the region's box (fractions of it) fits the thumbnail, centred, at its own aspect. */
function cropStyle(box: Region['box'], aspect: number) {
  const [left = 0, top = 0, width = 1, height = 1] = box;
  // The picture's height in pixels such that the box fits THUMB x THUMB.
  const h = THUMB / Math.max(width * aspect, height, 1e-3);
  const w = h * aspect;
  return {
    position: 'absolute' as const,
    maxWidth: 'none',
    width: w,
    height: h,
    left: (THUMB - width * w) / 2 - left * w,
    top: (THUMB - height * h) / 2 - top * h,
  };
}
