import { Empty, Typography } from '@douyinfe/semi-ui-19';
import { GEN_NUM_MAX, isMenuPathAllowed, taskCost, VIDEO } from '@productimage/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { openExternalTool } from '../../../app/shell/openExternal.ts';
import { useFlags } from '../../../identity/tenants/useFlags.ts';
import { HistoryList } from '../../tasks/HistoryList.tsx';
import { ResultsView } from '../../tasks/ResultsView.tsx';
import { useTaskRun } from '../../tasks/useTaskRun.ts';
import { CountPicker } from '../common/CountPicker.tsx';
import { GenerateButton } from '../common/GenerateButton.tsx';
import { ImageUpload } from '../common/ImageUpload.tsx';
import { OptionGroup } from '../common/OptionGroup.tsx';
import { useOriginImage } from '../common/originImage.ts';
import { ToolLayout } from '../common/ToolLayout.tsx';
import type { UploadedImage } from '../common/useImageUploader.ts';

const BIZ = 'IMG_2_VEDIO';

type Level = keyof typeof VIDEO.fps;
type LenControl = (typeof VIDEO.lenControls)[number];
type Format = (typeof VIDEO.formats)[number];
type Resolution = (typeof VIDEO.resolutions)[number];

/** '1' creative workshop (plain camera move), '2' motion trail (the move leaves a fading trail). */
type VideoType = '1' | '2' | '3';

interface Settings {
  image: UploadedImage | null;
  type: VideoType;
  genNum: number;
  lenControl: LenControl;
  fps: Level;
  motion: Level;
  format: Format;
  resolution: Resolution;
}

const LEVELS: Level[] = ['high', 'medium', 'low'];
const ARROWS: Record<LenControl, string> = { L: '←', R: '→', U: '↑', D: '↓', CW: '↻', ACW: '↺', I: '⊕', O: '⊖' };

/** The other video tools shown as tabs on /ai-video (external ones open in a new tab). */
const VIDEO_TABS = [
  { key: '/ai-video', id: 'aiVideo', external: undefined },
  { key: '/ai-mixed-cutting', id: 'aiMixedCutting', external: 0 },
  { key: '/ai-mixed-muse', id: 'aiMixedMuse', external: 5 },
] as const;

/**
 * /ai-video and /ai-video-single: a short video from one photo by camera motion (pan, rotate,
 * zoom). The single page shows only this entry, without the video tool tabs.
 */
export function VideoPage({ single }: { single: boolean }) {
  const { t } = useTranslation(['tools', 'routes', 'shell']);
  const { flags } = useFlags();
  const origin = useOriginImage();
  const [settings, setSettings] = useState<Settings>({
    image: origin,
    type: VIDEO.defaults.type,
    genNum: VIDEO.defaults.genNum,
    lenControl: VIDEO.defaults.lenControl,
    fps: 'high',
    motion: 'medium',
    format: 'mp4',
    resolution: '720p',
  });
  const id = single ? 'aiVideoSingle' : 'aiVideo';
  const run = useTaskRun({ pageKey: id, kind: 'video', settings, onRestore: setSettings });
  const set = (patch: Partial<Settings>) => setSettings((s) => ({ ...s, ...patch }));
  const { image, type, genNum, lenControl, fps, motion, format, resolution } = settings;
  const params = {
    ...VIDEO.defaults,
    type,
    genNum,
    lenControl,
    duration: VIDEO.durationSeconds,
    fps: VIDEO.fps[fps],
    motionBucket: VIDEO.motion[motion],
    format,
    resolutionRatio: resolution,
  };
  const busy = run.running || run.starting;

  const generate = () => image && void run.start([{ bizType: BIZ, params, inputs: [image.url] }]);

  const tabs = single
    ? undefined
    : VIDEO_TABS.filter((tab) => isMenuPathAllowed(flags, tab.key)).map((tab) => ({
        key: tab.key,
        label: <span data-testid={`tab-${tab.id}`}>{t(`routes:${tab.id}`)}</span>,
      }));

  return (
    <ToolLayout
      id={id}
      busy={run.busyState}
      tabs={tabs}
      activeTab="/ai-video"
      onTab={(key) => {
        const tab = VIDEO_TABS.find((v) => v.key === key);
        if (tab?.external !== undefined) void openExternalTool(tab.external, t('tools:externalFailed'));
      }}
      panel={
        <>
          <ImageUpload value={image} onChange={(img) => set({ image: img })} disabled={busy} label={t('uploadVideoImage')} />
          <OptionGroup
            label={t('videoType')}
            value={type}
            onChange={(v) => set({ type: v })}
            disabled={busy}
            testId="video-type"
            options={(['1', '2', '3'] as const).map((v) => ({ value: v, label: t(`videoType_${v}`), testId: `video-type-${v}` }))}
          />
          <OptionGroup
            label={t('lenControl')}
            value={lenControl}
            onChange={(v) => set({ lenControl: v })}
            disabled={busy}
            testId="len-control"
            options={VIDEO.lenControls.map((v) => ({
              value: v,
              label: `${ARROWS[v]} ${t(`len_${v}`)}`,
              testId: `len-${v}`,
            }))}
          />
          <OptionGroup
            label={t('motion')}
            value={motion}
            onChange={(v) => set({ motion: v })}
            disabled={busy}
            testId="motion"
            options={LEVELS.map((v) => ({ value: v, label: t(`level_${v}`), testId: `motion-${v}` }))}
          />
          <OptionGroup
            label={t('fps')}
            value={fps}
            onChange={(v) => set({ fps: v })}
            disabled={busy}
            testId="fps"
            options={LEVELS.map((v) => ({
              value: v,
              label: t('fpsOption', { level: t(`level_${v}`), fps: VIDEO.fps[v] }),
              testId: `fps-${v}`,
            }))}
          />
          <OptionGroup
            label={t('format')}
            value={format}
            onChange={(v) => set({ format: v })}
            disabled={busy}
            testId="format"
            options={VIDEO.formats.map((v) => ({ value: v, label: v.toUpperCase(), testId: `format-${v}` }))}
          />
          <OptionGroup
            label={t('resolution')}
            value={resolution}
            onChange={(v) => set({ resolution: v })}
            disabled={busy}
            testId="resolution"
            options={VIDEO.resolutions.map((v) => ({ value: v, label: v, testId: `resolution-${v}` }))}
          />
          <Typography.Text type="tertiary" size="small">
            {t('videoFacts', { duration: VIDEO.durationSeconds, format: format.toUpperCase(), fps: VIDEO.playbackFps[format] })}
          </Typography.Text>
          <CountPicker value={genNum} onChange={(n) => set({ genNum: n })} max={GEN_NUM_MAX} disabled={busy} />
          <GenerateButton
            bizType={BIZ}
            cost={taskCost(BIZ, params, 1)}
            onClick={generate}
            loading={run.starting}
            disabled={!image || busy}
            hint={image ? null : t('needImage')}
          />
        </>
      }
      workspace={
        <ResultsView run={run} video empty={<Empty title={t('aiVideoEmptyTitle')} description={t('aiVideoEmptyBody')} />} />
      }
      history={<HistoryList bizType={BIZ} activeIds={run.tasks.map((task) => task.taskId)} onPick={run.showTask} />}
    />
  );
}

export default function AiVideoPage() {
  return <VideoPage single={false} />;
}
