import { IconClose } from '@douyinfe/semi-icons';
import { Button, Empty, Typography } from '@douyinfe/semi-ui-19';
import { BATCH_MAX_INPUTS, GEN_MODES, isPaidTier, type Ratio, REFERENCE_BACKGROUNDS, taskCost } from '@productimage/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../../identity/accounts/session.ts';
import { HistoryList } from '../../tasks/HistoryList.tsx';
import { ResultsView } from '../../tasks/ResultsView.tsx';
import { useTaskRun } from '../../tasks/useTaskRun.ts';
import { useBackgroundTabs } from '../common/backgroundTabs.tsx';
import { GenerateButton } from '../common/GenerateButton.tsx';
import { ImageUpload } from '../common/ImageUpload.tsx';
import { OptionGroup } from '../common/OptionGroup.tsx';
import { useOriginImage } from '../common/originImage.ts';
import { RatioPicker } from '../common/RatioPicker.tsx';
import { type ReferenceChoice, ReferencePicker } from '../common/ReferencePicker.tsx';
import { RegionChoices, type RegionPoint } from '../common/RegionChoices.tsx';
import { ToolLayout } from '../common/ToolLayout.tsx';
import type { UploadedImage } from '../common/useImageUploader.ts';

const BIZ = 'PRODUCT_REPLACE_IMAGE';

type Mode = (typeof GEN_MODES)[number];

interface Settings {
  images: UploadedImage[];
  reference: ReferenceChoice;
  mode: Mode;
  ratio: Ratio;
  /** Regions beside the main subject to keep with it (one product only: RegionChoices). */
  keep?: RegionPoint[];
  /** Regions the cut keeps beside the main subject, to take out (one product only: RegionChoices). */
  drop?: RegionPoint[];
}

/**
 * /rewrite-background and /batch-copy-bg: the product placed into a reference background, either
 * copied exactly (ACCURATE_REPLICATION) or with the subject's colour and light matched to it
 * (STYLE_IMITATION). The batch page takes many products into one task: one picture per product.
 */
export function BackgroundPage({ batch }: { batch: boolean }) {
  const { t } = useTranslation(['tools', 'errors', 'tasks']);
  const { current } = useSession();
  // The server refuses batches for free accounts; say so before they press Generate.
  const paid = isPaidTier(current?.benefitPackage.product.productType);
  const id = batch ? 'batchCopyBg' : 'rewriteBackground';
  const origin = useOriginImage();
  const [settings, setSettings] = useState<Settings>({
    images: origin ? [origin] : [],
    reference: { kind: 'example', name: REFERENCE_BACKGROUNDS[0] },
    mode: 'ACCURATE_REPLICATION',
    ratio: 'original',
  });
  const run = useTaskRun({ pageKey: id, kind: 'image', settings, onRestore: setSettings });
  const tabs = useBackgroundTabs();
  const set = (patch: Partial<Settings>) => setSettings((s) => ({ ...s, ...patch }));
  const { images, reference, mode, ratio } = settings;
  const busy = run.running || run.starting;
  const referenceReady = reference.kind === 'example' || !!reference.image;

  // An example reference goes by name (the server draws it); the user's own is the last input.
  const keep = !batch && settings.keep ? settings.keep : [];
  const drop = !batch && settings.drop ? settings.drop : [];
  const params = {
    mode,
    ratio,
    genNum: 1,
    ...(keep.length ? { keep } : {}),
    ...(drop.length ? { drop } : {}),
    ...(reference.kind === 'example' ? { reference: reference.name } : {}),
  };
  const inputs = [
    ...images.map((image) => image.url),
    ...(reference.kind === 'own' && reference.image ? [reference.image.url] : []),
  ];

  return (
    <ToolLayout
      id={id}
      {...tabs}
      panel={
        <>
          {batch ? (
            <div className="image-upload">
              <ImageUpload
                value={null}
                onChange={() => {}}
                onAdd={(image) => setSettings((s) => ({ ...s, images: [...s.images, image].slice(0, BATCH_MAX_INPUTS) }))}
                multiple
                disabled={busy || images.length >= BATCH_MAX_INPUTS}
                label={t('uploadProducts', { max: BATCH_MAX_INPUTS })}
              />
              {images.length > 0 && (
                <>
                  <Typography.Text type="tertiary" size="small">
                    {t('batchCount', { count: images.length, max: BATCH_MAX_INPUTS })}
                  </Typography.Text>
                  {images.length > 1 && !paid && (
                    <Typography.Text type="warning" size="small" data-testid="batch-membership">
                      {t('errors:batchNeedsMembership')} <Link to="/member">{t('tasks:openMembership')}</Link>
                    </Typography.Text>
                  )}
                  <div className="batch-list" data-testid="batch-list">
                    {images.map((image, index) => (
                      <div className="batch-item" key={image.url}>
                        <img src={image.preview} alt={image.name} />
                        <span className="batch-remove">
                          <Button
                            size="small"
                            icon={<IconClose />}
                            aria-label={t('removeImage')}
                            disabled={busy}
                            onClick={() => set({ images: images.filter((_, i) => i !== index) })}
                          />
                        </span>
                      </div>
                    ))}
                  </div>
                </>
              )}
            </div>
          ) : (
            <ImageUpload
              value={images[0] ?? null}
              onChange={(image) => set({ images: image ? [image] : [], keep: [], drop: [] })}
              disabled={busy}
              label={t('uploadProduct')}
            />
          )}
          {!batch && (
            <RegionChoices
              url={images[0]?.url}
              value={keep}
              onChange={(next) => set({ keep: next })}
              drop={drop}
              onDropChange={(next) => set({ drop: next })}
              disabled={busy}
            />
          )}
          <ReferencePicker value={reference} onChange={(choice) => set({ reference: choice })} disabled={busy} />
          <OptionGroup
            label={t('mode')}
            value={mode}
            onChange={(m) => set({ mode: m })}
            disabled={busy}
            testId="mode"
            options={GEN_MODES.map((m) => ({ value: m, label: t(`mode_${m}`), testId: `mode-${m}` }))}
          />
          <Typography.Text type="tertiary" size="small">
            {t(`modeHelp_${mode}`)}
          </Typography.Text>
          <RatioPicker value={ratio} onChange={(r) => set({ ratio: r })} disabled={busy} />
          <GenerateButton
            bizType={BIZ}
            cost={taskCost(BIZ, params, Math.max(images.length, 1) + (reference.kind === 'own' ? 1 : 0))}
            onClick={() => void run.start([{ bizType: BIZ, params, inputs }])}
            loading={run.starting}
            disabled={!images.length || !referenceReady || busy}
            hint={images.length ? (referenceReady ? null : t('needReference')) : t('needImage')}
          />
        </>
      }
      workspace={<ResultsView run={run} empty={<Empty title={t(`${id}EmptyTitle`)} description={t(`${id}EmptyBody`)} />} />}
      history={<HistoryList bizType={BIZ} activeIds={run.tasks.map((task) => task.taskId)} onPick={run.showTask} />}
    />
  );
}

export default function RewriteBackgroundPage() {
  return <BackgroundPage batch={false} />;
}
