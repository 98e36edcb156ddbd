import { Empty, Slider, TextArea, Typography } from '@douyinfe/semi-ui-19';
import { QR_DEFAULTS, QR_SHAPES } from '@productimage/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HistoryList } from '../../tasks/HistoryList.tsx';
import { ResultsView } from '../../tasks/ResultsView.tsx';
import { useTaskRun } from '../../tasks/useTaskRun.ts';
import { CountPicker } from '../common/CountPicker.tsx';
import { taskCost } from '../common/cost.ts';
import { GenerateButton } from '../common/GenerateButton.tsx';
import { OptionGroup } from '../common/OptionGroup.tsx';
import { ToolLayout } from '../common/ToolLayout.tsx';
import { QR_CONTENT_MAX, QR_SCENES, qrSceneUrl } from './scenes.ts';

const BIZ = 'QR_CODE_ART';

type Shape = (typeof QR_SHAPES)[number];

interface Settings {
  content: string;
  scene: string;
  shape: Shape;
  topN: number;
  strength: number;
}

/** /ai-qr-code: an artistic QR code over a scene that still scans. */
export default function QrCodePage() {
  const { t } = useTranslation('tools');
  const [settings, setSettings] = useState<Settings>({
    content: '',
    scene: QR_DEFAULTS.scene,
    shape: QR_SHAPES[1],
    topN: QR_DEFAULTS.topN,
    strength: QR_DEFAULTS.strength,
  });
  const run = useTaskRun({ pageKey: 'aiQrCode', kind: 'image', settings, onRestore: setSettings });
  const set = (patch: Partial<Settings>) => setSettings((s) => ({ ...s, ...patch }));
  const { content, scene, shape, topN, strength } = settings;
  const busy = run.running || run.starting;
  const text = content.trim();

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
                  className={`reference-card${scene === id ? ' selected' : ''}`}
                  aria-pressed={scene === id}
                  disabled={busy}
                  onClick={() => set({ scene: id })}
                  data-testid={`qr-scene-${id}`}
                >
                  <img src={qrSceneUrl(id)} alt="" loading="lazy" />
                  <span>{t(`qrScene_${id}`)}</span>
                </button>
              ))}
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
          <CountPicker value={topN} onChange={(n) => set({ topN: n })} disabled={busy} />
          <GenerateButton
            cost={taskCost(BIZ, topN)}
            onClick={() =>
              void run.start([{ bizType: BIZ, params: { content: text, scene, shape, topN, strength }, inputs: [] }])
            }
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
