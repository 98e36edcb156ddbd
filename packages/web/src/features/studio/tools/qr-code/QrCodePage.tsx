import { Empty, Slider, TextArea, Typography } from '@douyinfe/semi-ui-19';
import { GEN_NUM_MAX, QR_CONTENT_MAX, QR_DEFAULTS, QR_SCENES, QR_SHAPES, taskCost } from '@productimage/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HistoryList } from '../../tasks/HistoryList.tsx';
import { ResultsView } from '../../tasks/ResultsView.tsx';
import { useTaskRun } from '../../tasks/useTaskRun.ts';
import { CountPicker } from '../common/CountPicker.tsx';
import { GenerateButton } from '../common/GenerateButton.tsx';
import { ImageUpload } from '../common/ImageUpload.tsx';
import { OptionGroup } from '../common/OptionGroup.tsx';
import { useOriginImage } from '../common/originImage.ts';
import { qrSceneUrl } from '../common/sceneImages.ts';
import { ToolLayout } from '../common/ToolLayout.tsx';
import type { UploadedImage } from '../common/useImageUploader.ts';

const BIZ = 'QR_CODE_ART';

type Shape = (typeof QR_SHAPES)[number];

interface Settings {
  content: string;
  scene: (typeof QR_SCENES)[number];
  shape: Shape;
  topN: number;
  strength: number;
  /** The user's own picture instead of a scene. */
  picture: UploadedImage | null;
}

/** /ai-qr-code: an artistic QR code over a scene that still scans. */
export default function QrCodePage() {
  const { t } = useTranslation('tools');
  const origin = useOriginImage();
  const [settings, setSettings] = useState<Settings>({
    content: '',
    scene: QR_DEFAULTS.scene,
    shape: QR_SHAPES[1],
    topN: QR_DEFAULTS.topN,
    strength: QR_DEFAULTS.strength,
    picture: origin,
  });
  const run = useTaskRun({ pageKey: 'aiQrCode', kind: 'image', settings, onRestore: setSettings });
  const set = (patch: Partial<Settings>) => setSettings((s) => ({ ...s, ...patch }));
  const { content, scene, shape, topN, strength, picture } = settings;
  const busy = run.running || run.starting;
  const text = content.trim();
  const params = { content: text, scene, shape, topN, strength };

  return (
    <ToolLayout
      id="aiQrCode"
      panel={
        <>
          <div>
            <Typography.Text strong>{t('qrContent')}</Typography.Text>
            <TextArea
              value={content}
              onChange={(value) => set({ content: value })}
              maxLength={QR_CONTENT_MAX}
              maxCount={QR_CONTENT_MAX}
              rows={3}
              placeholder={t('qrContentPlaceholder')}
              disabled={busy}
              style={{ marginTop: 8 }}
              data-testid="qr-content"
            />
          </div>
          <div>
            <Typography.Text strong>{t('qrScene')}</Typography.Text>
            <div className="reference-grid" style={{ marginTop: 8 }}>
              {QR_SCENES.map((id) => (
                <button
                  type="button"
                  key={id}
                  className={`reference-card${!picture && scene === id ? ' selected' : ''}`}
                  aria-pressed={!picture && scene === id}
                  disabled={busy}
                  onClick={() => set({ scene: id, picture: null })}
                  data-testid={`qr-scene-${id}`}
                >
                  <img src={qrSceneUrl(id)} alt="" loading="lazy" />
                  <span>{t(`qrScene_${id}`)}</span>
                </button>
              ))}
            </div>
            <div style={{ marginTop: 12 }}>
              <ImageUpload
                value={picture}
                onChange={(image) => set({ picture: image })}
                disabled={busy}
                label={t('qrOwnPicture')}
                testId="qr-picture"
              />
            </div>
          </div>
          <OptionGroup
            label={t('qrShape')}
            value={shape}
            onChange={(s) => set({ shape: s })}
            disabled={busy}
            testId="qr-shape"
            options={QR_SHAPES.map((s) => ({ value: s, label: t(`shape_${s}`), testId: `qr-shape-${s}` }))}
          />
          <div>
            <Typography.Text strong>{t('qrStrength', { value: strength })}</Typography.Text>
            <Slider value={strength} min={0} max={100} onChange={(v) => set({ strength: Number(v) })} disabled={busy} />
            <Typography.Text type="tertiary" size="small">
              {t('qrStrengthHelp')}
            </Typography.Text>
          </div>
          <CountPicker value={topN} onChange={(n) => set({ topN: n })} max={GEN_NUM_MAX} disabled={busy} />
          <GenerateButton
            bizType={BIZ}
            cost={taskCost(BIZ, params, picture ? 1 : 0)}
            onClick={() => void run.start([{ bizType: BIZ, params, inputs: picture ? [picture.url] : [] }])}
            loading={run.starting}
            disabled={!text || busy}
            hint={text ? null : t('needQrContent')}
          />
        </>
      }
      workspace={<ResultsView run={run} empty={<Empty title={t('aiQrCodeEmptyTitle')} description={t('aiQrCodeEmptyBody')} />} />}
      history={<HistoryList bizType={BIZ} activeIds={run.tasks.map((task) => task.taskId)} onPick={run.showTask} />}
    />
  );
}
