import { IconClose } from '@douyinfe/semi-icons';
import { Button, Empty, Typography } from '@douyinfe/semi-ui-19';
import { GEN_MODES, type Ratio, REFERENCE_BACKGROUNDS } from '@productimage/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HistoryList } from '../../tasks/HistoryList.tsx';
import { ResultsView } from '../../tasks/ResultsView.tsx';
import type { CreateTaskBody } from '../../tasks/taskApi.ts';
import { useTaskRun } from '../../tasks/useTaskRun.ts';
import { useBackgroundTabs } from '../common/backgroundTabs.tsx';
import { taskCost } from '../common/cost.ts';
import { GenerateButton } from '../common/GenerateButton.tsx';
import { ImageUpload } from '../common/ImageUpload.tsx';
import { OptionGroup } from '../common/OptionGroup.tsx';
import { RatioPicker } from '../common/RatioPicker.tsx';
import { ToolLayout } from '../common/ToolLayout.tsx';
import type { UploadedImage } from '../common/useImageUploader.ts';
import { type ReferenceChoice, ReferencePicker } from './ReferencePicker.tsx';

const BIZ = 'PRODUCT_REPLACE_IMAGE';
/** Products one batch takes at most. */
export const BATCH_MAX = 20;

type Mode = (typeof GEN_MODES)[number];

interface Settings {
  images: UploadedImage[];
  reference: ReferenceChoice;
  mode: Mode;
  ratio: Ratio;
}

/**
 * /rewrite-background and /batch-copy-bg: the product placed into a reference background, either
 * copied exactly (ACCURATE_REPLICATION) or with the subject's colour and light matched to it
 * (STYLE_IMITATION). The batch page takes many products and makes one task per product.
 */
export function BackgroundPage({ batch }: { batch: boolean }) {
  const { t } = useTranslation('tools');
  const id = batch ? 'batchCopyBg' : 'rewriteBackground';
  const [settings, setSettings] = useState<Settings>({
    images: [],
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

  const bodyFor = (image: UploadedImage): CreateTaskBody => ({
    bizType: BIZ,
    params: { mode, ratio, genNum: 1, ...(reference.kind === 'example' ? { reference: reference.name } : {}) },
    inputs: reference.kind === 'own' && reference.image ? [image.url, reference.image.url] : [image.url],
  });

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
                onAdd={(image) => setSettings((s) => ({ ...s, images: [...s.images, image].slice(0, BATCH_MAX) }))}
                multiple
                disabled={busy || images.length >= BATCH_MAX}
                label={t('uploadProducts', { max: BATCH_MAX })}
              />
              {images.length > 0 && (
                <>
                  <Typography.Text type="tertiary" size="small">
                    {t('batchCount', { count: images.length, max: BATCH_MAX })}
                  </Typography.Text>
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
              onChange={(image) => set({ images: image ? [image] : [] })}
              disabled={busy}
              label={t('uploadProduct')}
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
            cost={taskCost(BIZ) * Math.max(images.length, 1)}
            onClick={() => void run.start(images.map(bodyFor))}
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
