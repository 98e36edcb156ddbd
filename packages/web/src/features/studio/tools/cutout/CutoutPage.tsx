import { IconEdit, IconImage } from '@douyinfe/semi-icons';
import { Button, Empty } from '@douyinfe/semi-ui-19';
import { taskCost } from '@productimage/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isMobile } from '../../../../app/layout.ts';
import { HistoryList } from '../../tasks/HistoryList.tsx';
import { ResultsView } from '../../tasks/ResultsView.tsx';
import { useTaskRun } from '../../tasks/useTaskRun.ts';
import { GenerateButton } from '../common/GenerateButton.tsx';
import { ImageUpload } from '../common/ImageUpload.tsx';
import { useOriginImage, withOriginImage } from '../common/originImage.ts';
import { RegionChoices, type RegionPoint } from '../common/RegionChoices.tsx';
import { ToolLayout } from '../common/ToolLayout.tsx';
import type { UploadedImage } from '../common/useImageUploader.ts';
import { MaskEditor } from './MaskEditor.tsx';
import { refineBody } from './refine.ts';

const BIZ = 'MATTING_IMAGE';

/** /ai-cutout: one-click background removal, then the mask editor for a precise cutout. */
export default function CutoutPage() {
  const { t } = useTranslation('tools');
  const [image, setImage] = useState<UploadedImage | null>(useOriginImage());
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const [keep, setKeep] = useState<RegionPoint[]>([]);
  const [drop, setDrop] = useState<RegionPoint[]>([]);
  const pick = (next: UploadedImage | null) => {
    setImage(next);
    setKeep([]);
    setDrop([]);
  };
  const run = useTaskRun({ pageKey: 'aiCutout', kind: 'image', settings: { image }, onRestore: (s) => setImage(s.image) });
  const shown = run.outputs[run.showIndex];
  const shownTask = run.tasks.find((task) => task.taskId === shown?.taskId);
  const originalUrl = shownTask?.inputs?.[0] ?? image?.url;

  const generate = () =>
    image &&
    void run.start([
      { bizType: BIZ, params: { ...(keep.length ? { keep } : {}), ...(drop.length ? { drop } : {}) }, inputs: [image.url] },
    ]);

  const refine = async (mask: Blob) => {
    if (!originalUrl) return;
    await run.start([await refineBody(originalUrl, mask)]);
    setEditing(false);
  };

  return (
    <ToolLayout
      id="aiCutout"
      panel={
        <>
          <ImageUpload value={image} onChange={pick} disabled={run.running} label={t('uploadProduct')} />
          <RegionChoices
            url={image?.url}
            value={keep}
            onChange={setKeep}
            drop={drop}
            onDropChange={setDrop}
            disabled={run.running}
            maskEditor={false}
          />
          <GenerateButton
            bizType={BIZ}
            cost={taskCost(BIZ, {}, 1)}
            onClick={generate}
            loading={run.starting}
            disabled={!image || run.running}
            hint={image ? null : t('needImage')}
          />
        </>
      }
      workspace={
        <ResultsView
          run={run}
          empty={
            <Empty title={t('aiCutoutEmptyTitle')} description={t(isMobile ? 'aiCutoutEmptyBodyMobile' : 'aiCutoutEmptyBody')} />
          }
          actions={
            shown &&
            originalUrl && (
              <>
                <Button icon={<IconEdit />} onClick={() => setEditing(true)} data-testid="open-mask-editor">
                  {t('maskOpen')}
                </Button>
                <Button
                  icon={<IconImage />}
                  onClick={() => navigate(withOriginImage('/product-bg', shown.url))}
                  data-testid="to-product-bg"
                >
                  {t('useForBackground')}
                </Button>
              </>
            )
          }
        />
      }
      history={<HistoryList bizType={BIZ} activeIds={run.tasks.map((task) => task.taskId)} onPick={run.showTask} />}
      overlay={
        shown &&
        originalUrl && (
          <MaskEditor
            open={editing}
            originalUrl={originalUrl}
            resultUrl={shown.url}
            submitting={run.starting}
            onCancel={() => setEditing(false)}
            onSubmit={(mask) => void refine(mask)}
          />
        )
      }
    />
  );
}
