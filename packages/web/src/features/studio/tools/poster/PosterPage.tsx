import { Empty, Input, TextArea, Typography } from '@douyinfe/semi-ui-19';
import {
  BACKGROUND_COLORS,
  POSTER_COST,
  POSTER_LAYOUTS,
  POSTER_RATIOS,
  POSTER_SCENES,
  POSTER_TEXT_MAX,
  type PosterParams,
  type PosterRatio,
} from '@productimage/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HistoryList } from '../../tasks/HistoryList.tsx';
import { ResultsView } from '../../tasks/ResultsView.tsx';
import { useTaskRun } from '../../tasks/useTaskRun.ts';
import { GenerateButton } from '../common/GenerateButton.tsx';
import { ImageUpload } from '../common/ImageUpload.tsx';
import { OptionGroup } from '../common/OptionGroup.tsx';
import { RegionChoices, type RegionPoint } from '../common/RegionChoices.tsx';
import type { UploadedImage } from '../common/useImageUploader.ts';
import '../common/tools.css';
import './poster.css';

const BIZ = 'PLACARD_GEN';
type BackgroundKind = PosterParams['background']['kind'];
type Scene = (typeof POSTER_SCENES)[number];

interface Settings {
  title: string;
  subtitle: string;
  body: string;
  ratio: PosterRatio;
  layouts: number;
  kind: BackgroundKind;
  colour: string;
  scene: Scene;
  product: UploadedImage | null;
  backgroundImage: UploadedImage | null;
  /** Regions beside the product its cut leaves out, to keep (RegionChoices). */
  keep?: RegionPoint[];
  /** Regions the cut keeps beside the product, to take out (RegionChoices). */
  drop?: RegionPoint[];
}

/** Poster creation (PLACARD_GEN, spec 001 §3): text + product + background in several layouts. */
export default function PosterPage() {
  const { t } = useTranslation(['rewrite', 'routes']);
  const [settings, setSettings] = useState<Settings>({
    title: '',
    subtitle: '',
    body: '',
    ratio: '3:4',
    layouts: 3,
    kind: 'scene',
    colour: BACKGROUND_COLORS[1],
    scene: 'studio',
    product: null,
    backgroundImage: null,
  });
  const run = useTaskRun({ pageKey: 'posterCreate', kind: 'image', settings, onRestore: setSettings });
  const set = (patch: Partial<Settings>) => setSettings((s) => ({ ...s, ...patch }));
  const s = settings;
  const busy = run.running || run.starting;
  const keep = s.keep ?? [];
  const drop = s.drop ?? [];
  const background: PosterParams['background'] =
    s.kind === 'colour'
      ? { kind: 'colour', colour: s.colour }
      : s.kind === 'scene'
        ? { kind: 'scene', scene: s.scene }
        : { kind: 'image' };
  const params = {
    title: s.title.trim(),
    subtitle: s.subtitle.trim(),
    body: s.body.trim(),
    ratio: s.ratio,
    layouts: s.layouts,
    product: !!s.product,
    ...(s.product && keep.length ? { keep } : {}),
    ...(s.product && drop.length ? { drop } : {}),
    background,
  };
  const inputs = [s.product?.url, s.kind === 'image' ? s.backgroundImage?.url : undefined].filter((u): u is string => !!u);
  const hint = !params.title ? t('posterNeedTitle') : s.kind === 'image' && !s.backgroundImage ? t('posterNeedBackground') : null;

  return (
    <div className="tool-page" data-testid="tool-posterCreate">
      <header className="tool-header">
        <Typography.Title heading={3}>{t('routes:posterCreate')}</Typography.Title>
        <Typography.Text>{t('posterTip')}</Typography.Text>
        <Typography.Paragraph type="secondary" className="tool-instructions">
          {t('posterInstructions')}
        </Typography.Paragraph>
      </header>
      <div className="tool-body">
        <aside className="tool-panel">
          <div className="poster-field">
            <Typography.Text strong>{t('posterTitle')}</Typography.Text>
            <Input
              value={s.title}
              onChange={(v) => set({ title: v })}
              maxLength={POSTER_TEXT_MAX.title}
              placeholder={t('posterTitlePlaceholder')}
              disabled={busy}
              aria-label={t('posterTitle')}
              data-testid="poster-title"
            />
          </div>
          <div className="poster-field">
            <Typography.Text strong>{t('posterSubtitle')}</Typography.Text>
            <Input
              value={s.subtitle}
              onChange={(v) => set({ subtitle: v })}
              maxLength={POSTER_TEXT_MAX.subtitle}
              disabled={busy}
              aria-label={t('posterSubtitle')}
              data-testid="poster-subtitle"
            />
          </div>
          <div className="poster-field">
            <Typography.Text strong>{t('posterBody')}</Typography.Text>
            <TextArea
              value={s.body}
              onChange={(v) => set({ body: v })}
              maxLength={POSTER_TEXT_MAX.body}
              maxCount={POSTER_TEXT_MAX.body}
              rows={4}
              disabled={busy}
              aria-label={t('posterBody')}
              data-testid="poster-body"
            />
          </div>
          <ImageUpload
            value={s.product}
            onChange={(image) => set({ product: image, keep: [], drop: [] })}
            disabled={busy}
            label={t('posterProduct')}
            testId="poster-product"
          />
          <RegionChoices
            url={s.product?.url}
            value={keep}
            onChange={(next) => set({ keep: next })}
            drop={drop}
            onDropChange={(next) => set({ drop: next })}
            disabled={busy}
          />
          <OptionGroup
            label={t('posterRatio')}
            value={s.ratio}
            onChange={(ratio) => set({ ratio })}
            disabled={busy}
            testId="poster-ratio"
            options={POSTER_RATIOS.map((r) => ({ value: r, label: r, testId: `poster-ratio-${r.replace(':', '-')}` }))}
          />
          <OptionGroup
            label={t('posterBackground')}
            value={s.kind}
            onChange={(kind) => set({ kind })}
            disabled={busy}
            testId="poster-bg"
            options={(['scene', 'colour', 'image'] as const).map((k) => ({
              value: k,
              label: t(k === 'scene' ? 'posterBgScene' : k === 'colour' ? 'posterBgColour' : 'posterBgImage'),
              testId: `poster-bg-${k}`,
            }))}
          />
          {s.kind === 'scene' && (
            <div className="poster-chips">
              {POSTER_SCENES.map((scene) => (
                <button
                  type="button"
                  key={scene}
                  className={`poster-chip poster-scene-${scene}${s.scene === scene ? ' selected' : ''}`}
                  aria-pressed={s.scene === scene}
                  disabled={busy}
                  onClick={() => set({ scene })}
                  data-testid={`poster-scene-${scene}`}
                >
                  {t(`posterScene_${scene}`)}
                </button>
              ))}
            </div>
          )}
          {s.kind === 'colour' && (
            <div className="poster-chips">
              {BACKGROUND_COLORS.map((colour) => (
                <button
                  type="button"
                  key={colour}
                  className={`poster-swatch${s.colour === colour ? ' selected' : ''}`}
                  style={{ background: colour }}
                  aria-label={colour}
                  aria-pressed={s.colour === colour}
                  disabled={busy}
                  onClick={() => set({ colour })}
                />
              ))}
            </div>
          )}
          {s.kind === 'image' && (
            <ImageUpload
              value={s.backgroundImage}
              onChange={(image) => set({ backgroundImage: image })}
              disabled={busy}
              label={t('posterOwnBackground')}
              testId="poster-background"
            />
          )}
          <OptionGroup
            label={t('posterLayouts')}
            value={s.layouts}
            onChange={(n) => set({ layouts: n })}
            disabled={busy}
            testId="poster-layouts"
            options={POSTER_LAYOUTS.map((_, i) => ({ value: i + 1, label: String(i + 1), testId: `poster-layouts-${i + 1}` }))}
          />
          <GenerateButton
            bizType={BIZ}
            cost={POSTER_COST * s.layouts}
            onClick={() => void run.start([{ bizType: BIZ, params, inputs }])}
            loading={run.starting}
            disabled={!!hint || busy}
            hint={hint}
          />
        </aside>
        <div className="tool-main">
          <ResultsView run={run} empty={<Empty title={t('posterEmptyTitle')} description={t('posterEmptyBody')} />} />
          <HistoryList bizType={BIZ} activeIds={run.tasks.map((task) => task.taskId)} onPick={run.showTask} />
        </div>
      </div>
    </div>
  );
}
