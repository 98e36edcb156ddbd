import { Empty, Radio, RadioGroup } from '@douyinfe/semi-ui-19';
import {
  BACKGROUND_COLORS,
  GEN_NUM_MAX,
  isPaidTier,
  isPresetColor,
  type Ratio,
  REFERENCE_BACKGROUNDS,
  taskCost,
} from '@productimage/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../identity/accounts/session.ts';
import { HistoryList } from '../../tasks/HistoryList.tsx';
import { ResultsView } from '../../tasks/ResultsView.tsx';
import { useTaskRun } from '../../tasks/useTaskRun.ts';
import { useBackgroundTabs } from '../common/backgroundTabs.tsx';
import { CountPicker } from '../common/CountPicker.tsx';
import { GenerateButton } from '../common/GenerateButton.tsx';
import { ImageUpload } from '../common/ImageUpload.tsx';
import { useOriginImage } from '../common/originImage.ts';
import { RatioPicker } from '../common/RatioPicker.tsx';
import { type ReferenceChoice, ReferencePicker } from '../common/ReferencePicker.tsx';
import { RegionChoices, type RegionPoint } from '../common/RegionChoices.tsx';
import { ToolLayout } from '../common/ToolLayout.tsx';
import type { UploadedImage } from '../common/useImageUploader.ts';
import { ColorPanel } from './ColorPanel.tsx';
import { colorAt } from './eyedropper.ts';
import { readRecentColors, rememberColor } from './recentColors.ts';

const BIZ = 'PRODUCT_REPLACE_IMAGE';

interface Settings {
  image: UploadedImage | null;
  background: 'color' | 'scene';
  color: string;
  scene: ReferenceChoice;
  ratio: Ratio;
  genNum: number;
  /** Regions beside the main subject to keep with it (RegionChoices). */
  keep?: RegionPoint[];
  /** Regions the cut keeps beside the main subject, to take out (RegionChoices). */
  drop?: RegionPoint[];
}

const INITIAL: Settings = {
  image: null,
  background: 'color',
  color: BACKGROUND_COLORS[0],
  scene: { kind: 'example', name: REFERENCE_BACKGROUNDS[0] },
  ratio: 'original',
  genNum: 1,
};

/** /product-bg: the product cut out and placed on a colour or a scene, with a soft shadow. */
export default function ProductBgPage() {
  const { t } = useTranslation('tools');
  const { current } = useSession();
  const paid = isPaidTier(current?.benefitPackage.product.productType);
  const origin = useOriginImage();
  const [settings, setSettings] = useState<Settings>({ ...INITIAL, image: origin });
  const [recent, setRecent] = useState(() => readRecentColors(localStorage));
  const [picking, setPicking] = useState(false);
  const run = useTaskRun({ pageKey: 'productBg', kind: 'image', settings, onRestore: setSettings });
  const tabs = useBackgroundTabs();
  const set = (patch: Partial<Settings>) => setSettings((s) => ({ ...s, ...patch }));
  const { image, background, color, scene, ratio, genNum } = settings;
  const keep = settings.keep ?? [];
  const drop = settings.drop ?? [];
  const busy = run.running || run.starting;
  const ownScene = background === 'scene' && scene.kind === 'own' ? scene.image : null;
  const ready = !!image && (background === 'color' || scene.kind === 'example' || !!ownScene);
  // The background is a colour, a scene the server draws (by name), or the user's own (last input).
  const params = {
    ratio,
    genNum,
    ...(keep.length ? { keep } : {}),
    ...(drop.length ? { drop } : {}),
    ...(background === 'color' ? { backgroundColor: color } : scene.kind === 'example' ? { reference: scene.name } : {}),
  };
  const inputs = [image?.url, ownScene?.url].filter((url): url is string => !!url);

  const generate = () => {
    if (!ready) return;
    if (background === 'color' && !isPresetColor(color)) setRecent(rememberColor(localStorage, color));
    void run.start([{ bizType: BIZ, params, inputs }]);
  };

  return (
    <ToolLayout
      id="productBg"
      {...tabs}
      panel={
        <>
          <ImageUpload
            value={image}
            onChange={(img) => set({ image: img, keep: [], drop: [] })}
            disabled={busy}
            label={t('uploadProduct')}
            onPreviewClick={
              picking
                ? (event) => {
                    const hex = colorAt(event.currentTarget, event.clientX, event.clientY);
                    if (hex) set({ color: hex, background: 'color' });
                    setPicking(false);
                  }
                : undefined
            }
            previewCursor={picking ? 'crosshair' : undefined}
          />
          <RegionChoices
            url={image?.url}
            value={keep}
            onChange={(next) => set({ keep: next })}
            drop={drop}
            onDropChange={(next) => set({ drop: next })}
            disabled={busy}
          />
          <RadioGroup
            type="button"
            value={background}
            onChange={(event) => set({ background: event.target.value as Settings['background'] })}
            disabled={busy}
          >
            <Radio value="color" data-testid="background-color">
              {t('backgroundByColor')}
            </Radio>
            <Radio value="scene" data-testid="background-scene">
              {t('backgroundByScene')}
            </Radio>
          </RadioGroup>
          {background === 'color' ? (
            <ColorPanel
              value={color}
              onChange={(hex) => set({ color: hex })}
              paid={paid}
              recent={recent}
              picking={picking}
              onPicking={setPicking}
              canPickFromPhoto={!!image}
              disabled={busy}
            />
          ) : (
            <ReferencePicker
              value={scene}
              onChange={(choice) => set({ scene: choice })}
              disabled={busy}
              label={t('scene')}
              ownLabel={t('sceneOwn')}
            />
          )}
          <RatioPicker value={ratio} onChange={(r) => set({ ratio: r })} disabled={busy} />
          <CountPicker value={genNum} onChange={(n) => set({ genNum: n })} max={GEN_NUM_MAX} disabled={busy} />
          <GenerateButton
            bizType={BIZ}
            cost={taskCost(BIZ, params, Math.max(inputs.length, 1))}
            onClick={generate}
            loading={run.starting}
            disabled={!ready || busy}
            hint={image ? (ready ? null : t('needScene')) : t('needImage')}
          />
        </>
      }
      workspace={
        <ResultsView run={run} empty={<Empty title={t('productBgEmptyTitle')} description={t('productBgEmptyBody')} />} />
      }
      history={<HistoryList bizType={BIZ} activeIds={run.tasks.map((task) => task.taskId)} onPick={run.showTask} />}
    />
  );
}
