import { IconClose } from '@douyinfe/semi-icons';
import { Button, Collapse, Empty, Slider, Switch, TextArea, Toast, Typography } from '@douyinfe/semi-ui-19';
import {
  BACKGROUND_COLORS,
  DENOISING_STRENGTH_DEFAULT,
  ERODE_SIZE_DEFAULT,
  GEN_MODES,
  GENERATION_GEN_NUM_DEFAULT,
  GENERATION_GEN_NUM_MAX,
  type Ratio,
  SCENE_MAX_CHARS,
  scaleFactor,
  TRYON_TYPES,
  type TryonType,
  taskCost,
} from '@productimage/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { NewBadge } from '../../../../shared/NewBadge.tsx';
import { ExpressionPicker, SaveHouseLook, useApplyHouseLook } from '../../model-library/HouseLook.tsx';
import { type ChosenModel, ModelPicker } from '../../model-library/ModelPicker.tsx';
import { modelLibraryApi } from '../../model-library/modelLibraryApi.ts';
import { SaveAsModel } from '../../model-library/SaveAsModel.tsx';
import { HistoryList } from '../../tasks/HistoryList.tsx';
import { ResultsView } from '../../tasks/ResultsView.tsx';
import { useTaskRun } from '../../tasks/useTaskRun.ts';
import { TemplateMenu } from '../../templates/TemplateMenu.tsx';
import { CountPicker } from '../common/CountPicker.tsx';
import { GenerateButton } from '../common/GenerateButton.tsx';
import { ImageUpload } from '../common/ImageUpload.tsx';
import { OptionGroup } from '../common/OptionGroup.tsx';
import { useOriginImage } from '../common/originImage.ts';
import { RatioPicker } from '../common/RatioPicker.tsx';
import { ToolLayout } from '../common/ToolLayout.tsx';
import type { UploadedImage } from '../common/useImageUploader.ts';
import { RedrawMaskEditor } from './RedrawMaskEditor.tsx';
import { type GenerationSettings, settingsFromTemplate, toParams } from './settings.ts';
import { type GenerationTool, inputsOf, missingOf, type SceneId, toolByPath } from './toolConfigs.ts';
import './generation.css';
import { HistoryEngine, ProviderBadge } from './ProviderBadge.tsx';

type Tab = GenerationSettings['tab'];
type Mode = (typeof GEN_MODES)[number];

function initialSettings(tool: GenerationTool, origin: UploadedImage | null): GenerationSettings {
  const first = tool.slots('split')[0];
  return {
    images: origin && first ? { [first.key]: [origin] } : {},
    tab: 'recommended',
    sceneId: tool.scenes[0] as SceneId,
    customScene: '',
    reference: null,
    mode: 'ACCURATE_REPLICATION',
    removeSubject: false,
    backgroundColor: null,
    model: null,
    tryonType: 'split',
    genNum: GENERATION_GEN_NUM_DEFAULT,
    ratio: 'original',
    denoisingStrength: DENOISING_STRENGTH_DEFAULT,
    erodeSize: ERODE_SIZE_DEFAULT,
    strength: 33,
    scale: 0,
    templateId: null,
    mask: null,
  };
}

/** The nine diffusion tools (toolConfigs.ts): one page, told apart by its path. */
export default function GenerationToolPage() {
  const { pathname } = useLocation();
  const tool = toolByPath(pathname);
  // routes.ts points only the configured paths here.
  if (!tool) return null;
  return <ToolPage key={tool.id} tool={tool} />;
}

function ToolPage({ tool }: { tool: GenerationTool }) {
  const { t } = useTranslation(['generation', 'tools']);
  const origin = useOriginImage();
  const [settings, setSettings] = useState<GenerationSettings>(() => initialSettings(tool, origin));
  const [masking, setMasking] = useState(false);
  const run = useTaskRun({ pageKey: tool.id, kind: 'image', settings, onRestore: setSettings });
  const set = (patch: Partial<GenerationSettings>) => setSettings((s) => ({ ...s, ...patch }));
  // The member's house look (fixed model, expression and scene) is where a model tool's form starts.
  useApplyHouseLook((look) => {
    setSettings((prev) => {
      const scene = look.customScene
        ? { tab: 'custom' as const, customScene: look.customScene }
        : look.sceneId && (tool.scenes as string[]).includes(look.sceneId)
          ? { tab: 'recommended' as const, sceneId: look.sceneId as SceneId }
          : {};
      return { ...prev, model: prev.model ?? look.model, expression: prev.expression ?? look.expression, ...scene };
    });
  }, !!tool.model);
  const busy = run.running || run.starting;
  const s = settings;
  const tryonType = s.tryonType;
  const slots = tool.slots(tryonType);

  // Switching the try-on type keeps the person and drops garments of the other type.
  useEffect(() => {
    const keys = new Set(tool.slots(tryonType).map((slot) => slot.key));
    setSettings((prev) => {
      const kept = Object.fromEntries(Object.entries(prev.images).filter(([key]) => keys.has(key)));
      return Object.keys(kept).length === Object.keys(prev.images).length ? prev : { ...prev, images: kept };
    });
  }, [tool, tryonType]);

  // A mask was painted over one picture: another picture starts without it.
  const firstKey = slots[0]?.key ?? '';
  const subject = s.images[firstKey]?.[0] ?? null;
  const subjectUrl = subject?.url ?? null;
  useEffect(() => {
    setSettings((prev) => (prev.mask && prev.maskFor !== subjectUrl ? { ...prev, mask: null, maskFor: null } : prev));
  }, [subjectUrl]);

  const shown = run.outputs[run.showIndex];
  const images = Object.fromEntries(Object.entries(s.images).map(([key, list]) => [key, list.map((i) => i.url)]));
  const reproduction = tool.reproduction && s.tab === 'reproduction';
  const inputs = inputsOf(tool, slots, images, s.model?.url ?? null, reproduction ? (s.reference?.url ?? null) : null);
  const params = toParams(tool, s);
  const missing =
    missingOf(tool, slots, images, !!s.model) ??
    (s.tab === 'custom' && !s.customScene.trim() ? 'needScene' : null) ??
    (reproduction && !s.reference ? 'needReference' : null);

  const setImages = (key: string, list: UploadedImage[]) =>
    setSettings((prev) => ({ ...prev, images: { ...prev.images, [key]: list } }));
  const tabs: { key: Tab; label: React.ReactNode }[] = [
    { key: 'recommended', label: <span data-testid="tab-recommended">{t('tabRecommended')}</span> },
    { key: 'custom', label: <span data-testid="tab-custom">{t('tabCustom')}</span> },
    ...(tool.reproduction
      ? [
          {
            key: 'reproduction' as Tab,
            label: (
              <span data-testid="tab-reproduction">
                {t('tabReproduction')}
                <NewBadge style={{ marginLeft: 6 }} />
              </span>
            ),
          },
        ]
      : []),
  ];

  return (
    <ToolLayout
      id={tool.id}
      textNs="generation"
      tabs={tabs}
      activeTab={s.tab}
      onTab={(key) => set({ tab: key as Tab })}
      panel={
        <>
          <TemplateMenu
            bizType={tool.bizType}
            toolPath={tool.path}
            current={withoutMask(params)}
            disabled={busy}
            onApply={(template) => {
              setSettings((prev) => settingsFromTemplate(tool, prev, template));
              // A template's library model is chosen again (its picture handed over as the user's file).
              const modelId = template.params.modelId;
              if (tool.model && typeof modelId === 'string')
                modelLibraryApi
                  .use(modelId)
                  .then(({ url, name }) => set({ model: { id: modelId, name, url, preview: url } }))
                  .catch(() => Toast.warning(t('templateModelGone')));
            }}
          />
          {tool.bizType === 'TRY_ON' && (
            <OptionGroup<TryonType>
              label={t('tryonType')}
              value={s.tryonType}
              onChange={(tryonType) => set({ tryonType })}
              disabled={busy}
              testId="tryon-type"
              options={TRYON_TYPES.map((type) => ({
                value: type,
                label: t(type === 'split' ? 'tryonSplit' : 'tryonSet'),
                testId: `tryon-${type}`,
              }))}
            />
          )}
          {slots.map((slot) =>
            slot.key === 'person' && tool.model === 'person' && s.model ? null : slot.max ? (
              <MultiUpload
                key={slot.key}
                label={t(slot.label, { count: s.images[slot.key]?.length ?? 0 })}
                value={s.images[slot.key] ?? []}
                max={slot.max}
                onAdd={(image) =>
                  setSettings((prev) => ({
                    ...prev,
                    images: { ...prev.images, [slot.key]: [...(prev.images[slot.key] ?? []), image].slice(0, slot.max) },
                  }))
                }
                onRemove={(i) =>
                  setImages(
                    slot.key,
                    (s.images[slot.key] ?? []).filter((_, j) => j !== i),
                  )
                }
                disabled={busy}
                testId={`upload-${slot.key}`}
              />
            ) : (
              <ImageUpload
                key={slot.key}
                label={t(slot.label)}
                value={s.images[slot.key]?.[0] ?? null}
                onChange={(image) => setImages(slot.key, image ? [image] : [])}
                disabled={busy}
                testId={`upload-${slot.key}`}
              />
            ),
          )}
          {subject && !slots[0]?.max && (
            <div className="generation-mask" data-testid="redraw-mask">
              <Button onClick={() => setMasking(true)} disabled={busy} data-testid="redraw-mask-open">
                {s.mask ? t('maskEdit') : t('maskOpen')}
              </Button>
              {s.mask && (
                <>
                  <Typography.Text type="tertiary" size="small" data-testid="redraw-mask-set">
                    {t('maskSet')}
                  </Typography.Text>
                  <Button size="small" onClick={() => set({ mask: null, maskFor: null })} disabled={busy}>
                    {t('maskClear')}
                  </Button>
                </>
              )}
            </div>
          )}
          {tool.model && (
            <ModelPicker
              value={s.model}
              onChange={(model: ChosenModel | null) => set({ model })}
              disabled={busy}
              allowOwn={tool.model === 'extra'}
            />
          )}
          {tool.model && (
            <ExpressionPicker value={s.expression ?? null} onChange={(expression) => set({ expression })} disabled={busy} />
          )}
          {s.tab === 'recommended' && (
            <OptionGroup<SceneId>
              label={t('scene')}
              value={s.sceneId}
              onChange={(sceneId) => set({ sceneId })}
              disabled={busy}
              testId="scenes"
              options={tool.scenes.map((id) => ({ value: id, label: t(`scene_${id}`), testId: `scene-${id}` }))}
            />
          )}
          {s.tab === 'custom' && (
            <div>
              <Typography.Text strong>{t('customScene')}</Typography.Text>
              <TextArea
                value={s.customScene}
                onChange={(customScene) => set({ customScene })}
                maxLength={SCENE_MAX_CHARS}
                maxCount={SCENE_MAX_CHARS}
                rows={3}
                placeholder={t('customScenePlaceholder')}
                disabled={busy}
                data-testid="custom-scene"
              />
            </div>
          )}
          {reproduction && (
            <>
              <ImageUpload
                label={t('reference')}
                value={s.reference}
                onChange={(reference) => set({ reference })}
                disabled={busy}
                testId="upload-reference"
              />
              <OptionGroup<Mode>
                label={t('reproductionMode')}
                value={s.mode}
                onChange={(mode) => set({ mode })}
                disabled={busy}
                testId="mode"
                options={GEN_MODES.map((mode) => ({
                  value: mode,
                  label: t(mode === 'ACCURATE_REPLICATION' ? 'modeAccurate' : 'modeStyle'),
                  testId: `mode-${mode}`,
                }))}
              />
              <div className="generation-switch">
                <Switch
                  checked={s.removeSubject}
                  onChange={(removeSubject) => set({ removeSubject })}
                  disabled={busy}
                  aria-label={t('removeSubject')}
                  data-testid="remove-subject"
                />
                <Typography.Text>{t('removeSubject')}</Typography.Text>
              </div>
            </>
          )}
          {tool.background && !reproduction && (
            <fieldset className="option-group" disabled={busy} data-testid="background-colors">
              <legend>
                <Typography.Text strong>{t('backgroundColor')}</Typography.Text>
              </legend>
              <div className="swatches">
                <button
                  type="button"
                  className={`option-chip${s.backgroundColor === null ? ' selected' : ''}`}
                  aria-pressed={s.backgroundColor === null}
                  onClick={() => set({ backgroundColor: null })}
                >
                  {t('backgroundNone')}
                </button>
                {BACKGROUND_COLORS.map((color) => (
                  <button
                    type="button"
                    key={color}
                    className={`swatch${s.backgroundColor === color ? ' selected' : ''}`}
                    style={{ background: color }}
                    aria-label={color}
                    aria-pressed={s.backgroundColor === color}
                    onClick={() => set({ backgroundColor: color })}
                    data-testid={`color-${color.slice(1)}`}
                  />
                ))}
              </div>
            </fieldset>
          )}
          {tool.model && (
            <SaveHouseLook
              look={{
                model: s.model,
                expression: s.expression ?? null,
                sceneId: s.tab === 'recommended' ? s.sceneId : null,
                customScene: s.tab === 'custom' ? s.customScene : '',
              }}
              disabled={busy}
            />
          )}
          <RatioPicker value={s.ratio} onChange={(ratio: Ratio) => set({ ratio })} disabled={busy} />
          {tool.bizType !== 'TRY_ON' && (
            <CountPicker value={s.genNum} onChange={(genNum) => set({ genNum })} max={GENERATION_GEN_NUM_MAX} disabled={busy} />
          )}
          <Collapse>
            <Collapse.Panel header={t('advanced')} itemKey="advanced">
              <div className="generation-advanced">
                <Typography.Text>{t('denoisingStrength')}</Typography.Text>
                <Slider
                  value={s.denoisingStrength}
                  min={0}
                  max={1}
                  step={0.05}
                  onChange={(v) => set({ denoisingStrength: Number(v) })}
                  disabled={busy}
                />
                <Typography.Text>{t('erodeSize')}</Typography.Text>
                <Slider value={s.erodeSize} min={0} max={32} onChange={(v) => set({ erodeSize: Number(v) })} disabled={busy} />
                <Typography.Text>{t('strength')}</Typography.Text>
                <Slider value={s.strength} min={0} max={100} onChange={(v) => set({ strength: Number(v) })} disabled={busy} />
                <Typography.Text>
                  {t('scale')} {t('scaleFactor', { factor: scaleFactor(s.scale).toFixed(2) })}
                </Typography.Text>
                <Slider value={s.scale} min={0} max={100} onChange={(v) => set({ scale: Number(v) })} disabled={busy} />
              </div>
            </Collapse.Panel>
          </Collapse>
          <GenerateButton
            bizType={tool.bizType}
            cost={taskCost(tool.bizType, params, Math.max(inputs.length, 1))}
            onClick={() => {
              if (!missing) void run.start([{ bizType: tool.bizType, params, inputs }]);
            }}
            loading={run.starting}
            disabled={!!missing || busy}
            hint={missing ? t(missing) : null}
          />
        </>
      }
      workspace={
        <ResultsView
          run={run}
          empty={<Empty title={t('emptyTitle')} description={t('emptyBody')} />}
          actions={
            <>
              <ProviderBadge tasks={run.tasks} />
              {tool.id === 'customizedModels' && shown ? <SaveAsModel pictureUrl={shown.url} /> : null}
            </>
          }
        />
      }
      overlay={
        subject && (
          <RedrawMaskEditor
            open={masking}
            imageUrl={subject.preview}
            onCancel={() => setMasking(false)}
            onSave={(mask) => {
              set({ mask, maskFor: subject.url });
              setMasking(false);
            }}
          />
        )
      }
      history={
        <HistoryList
          bizType={tool.bizType}
          activeIds={run.tasks.map((task) => task.taskId)}
          onPick={run.showTask}
          itemExtra={(_task, index, items) => <HistoryEngine index={index} tasks={items} />}
        />
      }
    />
  );
}

/** A template keeps settings, not a mask painted over one picture. */
function withoutMask(params: Record<string, unknown>): Record<string, unknown> {
  const { mask: _mask, ...rest } = params;
  return rest;
}

/** Several pictures of one kind (a likeness learnt from up to four photos). */
function MultiUpload({
  label,
  value,
  max,
  onAdd,
  onRemove,
  disabled,
  testId,
}: {
  label: string;
  value: UploadedImage[];
  max: number;
  onAdd: (image: UploadedImage) => void;
  onRemove: (index: number) => void;
  disabled?: boolean;
  testId: string;
}) {
  const { t } = useTranslation('tools');
  return (
    <div className="image-upload" data-testid={testId}>
      <Typography.Text strong>{label}</Typography.Text>
      {value.length > 0 && (
        <div className="batch-list">
          {value.map((image, i) => (
            <div className="batch-item" key={image.url}>
              <img src={image.preview} alt={image.name} />
              {!disabled && (
                <Button
                  icon={<IconClose />}
                  size="small"
                  theme="solid"
                  type="tertiary"
                  aria-label={t('removeImage')}
                  onClick={() => onRemove(i)}
                />
              )}
            </div>
          ))}
        </div>
      )}
      {value.length < max && (
        <ImageUpload
          value={null}
          onChange={() => undefined}
          onAdd={onAdd}
          multiple
          disabled={disabled}
          testId={`${testId}-add`}
        />
      )}
    </div>
  );
}
