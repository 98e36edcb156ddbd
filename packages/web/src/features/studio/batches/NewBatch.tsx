import { Banner, Button, Checkbox, RadioGroup, Select, TextArea, Toast } from '@douyinfe/semi-ui-19';
import {
  BACKGROUND_COLORS,
  GEN_MODES,
  GENERATION_GEN_NUM_MAX,
  REFERENCE_BACKGROUNDS,
  SCENE_MAX_CHARS,
  TRYON_TYPES,
} from '@productimage/core';
import { errorText } from '@productimage/kit';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../identity/accounts/session.ts';
import { useFlags } from '../../identity/tenants/useFlags.ts';
import { ExpressionPicker, useApplyHouseLook } from '../model-library/HouseLook.tsx';
import { ModelLibraryDialog } from '../model-library/ModelLibraryDialog.tsx';
import { ModelPicker } from '../model-library/ModelPicker.tsx';
import { useEngineBizTypes } from '../tasks/useEngineReady.ts';
import { CountPicker } from '../tools/common/CountPicker.tsx';
import { RatioPicker } from '../tools/common/RatioPicker.tsx';
import type { SceneId } from '../tools/generation/toolConfigs.ts';
import { type ListedPicture, PictureUpload, pictureUid, SlotUpload } from './BatchUpload.tsx';
import { BATCHES_KEY, type BatchPreset, batchesApi } from './batchesApi.ts';
import { GoodsPicturesPicker, ResultsPicker } from './PicturePickers.tsx';
import { presetName } from './presetName.ts';
import {
  type AiRecipe,
  aiToolOf,
  type BatchItemDraft,
  batchAiTools,
  batchCost,
  DEFAULT_RECIPE,
  itemInputs,
  LOCAL_KINDS,
  offersReproduction,
  type Picture,
  type Recipe,
  type RecipeKind,
  recipeParams,
  secondSpec,
} from './recipes.ts';

const MAX_ITEMS = 200;
/** Where picked pictures go: the items, the one second picture of the set, or one item's own. */
type Target = 'main' | 'shared' | number;
type Source = 'results' | 'goods' | 'models';

/** The new-batch form: pictures, the recipe and its second picture, the preset, the whole cost, start. */
export function NewBatch({ presets, onCreated }: { presets: BatchPreset[]; onCreated: (id: string) => void }) {
  const { t } = useTranslation(['batches', 'errors', 'routes', 'generation']);
  const { current } = useSession();
  const { flags } = useFlags();
  const queryClient = useQueryClient();
  const [items, setItems] = useState<Array<BatchItemDraft & { uid: string }>>([]);
  const [shared, setShared] = useState<Picture | null>(null);
  const [perItem, setPerItem] = useState(false);
  const [uploading, setUploading] = useState(0);
  const [recipe, setRecipe] = useState<Recipe>(DEFAULT_RECIPE);
  const [preset, setPreset] = useState<string>('');
  const [starting, setStarting] = useState(false);
  const [picking, setPicking] = useState<{ source: Source; target: Target } | null>(null);
  const aiTools = batchAiTools(flags.customizedImage);
  const aiTool = aiToolOf(recipe.kind);
  const spec = secondSpec(recipe);
  const ownSecond = !!spec && (!spec.shared || (perItem && spec.perItem));
  // A model picked for try-on is no reference for reproduction: another kind of second picture starts empty.
  const [role, setRole] = useState(spec?.role ?? null);
  if (role !== (spec?.role ?? null)) {
    setRole(spec?.role ?? null);
    setShared(null);
    setItems((list) => list.map((item) => ({ ...item, extra: [] })));
  }
  const { bizType, params } = recipeParams(recipe);
  const inputs = items.map((item) => itemInputs(recipe, item, shared, perItem));
  const missing = inputs.filter((i) => i === null).length;
  const cost = batchCost(recipe, inputs);
  const each = cost.each[0] ?? 0;
  const engineTypes = useEngineBizTypes();
  const ready = engineTypes?.has(bizType);
  const missingScene = !!aiTool && recipe.ai.scene === 'custom' && !recipe.ai.customScene.trim();
  const setAi = (patch: Partial<AiRecipe>) => setRecipe((r) => ({ ...r, ai: { ...r.ai, ...patch } }));
  // The member's house look: its model, expression and scene apply to every item of an AI batch.
  useApplyHouseLook((look) =>
    setRecipe((r) => ({
      ...r,
      ai: {
        ...r.ai,
        model: r.ai.model ?? look.model,
        expression: r.ai.expression ?? look.expression,
        ...(look.customScene
          ? { scene: 'custom' as const, customScene: look.customScene }
          : look.sceneId && (!aiTool || (aiTool.scenes as string[]).includes(look.sceneId))
            ? { scene: look.sceneId as SceneId }
            : {}),
      },
    })),
  );
  const chooseKind = (kind: RecipeKind) => {
    const tool = aiToolOf(kind);
    setRecipe((r) => {
      // Each tool has its own recommended scenes; a custom scene is kept, reproduction where the tool has it.
      const keep =
        r.ai.scene === 'custom' ||
        (r.ai.scene === 'reproduction' ? !!tool && offersReproduction(tool) : tool?.scenes.includes(r.ai.scene));
      return { ...r, kind, ai: tool && !keep ? { ...r.ai, scene: tool.scenes[0] as SceneId } : r.ai };
    });
  };

  const add = (target: Target, pictures: Array<Picture & { uid?: string }>) => {
    if (target === 'main')
      setItems((list) =>
        [...list, ...pictures.map((p) => ({ ...p, uid: p.uid ?? pictureUid(), extra: [] }))].slice(0, MAX_ITEMS),
      );
    else if (target === 'shared') setShared(pictures[0] ?? null);
    else
      setItems((list) =>
        list.map((item, i) => (i === target ? { ...item, extra: [...item.extra, ...pictures].slice(-(spec?.max ?? 1)) } : item)),
      );
  };

  const start = async () => {
    setStarting(true);
    try {
      const created = await batchesApi.create({
        bizType,
        params,
        items: inputs.filter((i): i is string[] => !!i),
        names: items.map((f) => f.name),
        ...(preset ? { preset } : {}),
      });
      await queryClient.invalidateQueries({ queryKey: BATCHES_KEY });
      onCreated(created.batchId);
    } catch (error) {
      Toast.error(errorText(error, t));
    } finally {
      setStarting(false);
    }
  };

  /** Upload, earlier results, the product library (vip) and, for a person, the model library. */
  const sources = (target: Target, testId: string, multiple: boolean) => (
    <span className="batch-sources-row">
      <SlotUpload multiple={multiple} onAdd={(picture: ListedPicture) => add(target, [picture])} testId={`${testId}-files`} />
      <Button size="small" onClick={() => setPicking({ source: 'results', target })} data-testid={`${testId}-from-results`}>
        {t('fromResults')}
      </Button>
      {current?.vipUser && (
        <Button size="small" onClick={() => setPicking({ source: 'goods', target })} data-testid={`${testId}-from-goods`}>
          {t('fromGoods')}
        </Button>
      )}
      {spec?.role === 'person' && (
        <Button size="small" onClick={() => setPicking({ source: 'models', target })} data-testid={`${testId}-from-models`}>
          {t('generation:modelLibrary')}
        </Button>
      )}
    </span>
  );
  const picked = (pictures: Picture[]) => {
    if (picking) add(picking.target, picking.target === 'main' ? pictures : pictures.slice(0, spec?.max ?? 1));
    setPicking(null);
  };

  return (
    <div className="batch-form" data-testid="batch-form">
      {ready === false && (
        <Banner
          type="warning"
          description={aiTool ? t('needsProvider', { tool: t(`routes:${aiTool.id}`) }) : t('noEngine')}
          closeIcon={null}
          data-testid="batch-no-engine"
        />
      )}
      <h4>{t('pictures')}</h4>
      <PictureUpload
        pictures={items}
        max={MAX_ITEMS}
        onAdd={(picture) => add('main', [picture])}
        onRemove={(uid) => setItems((list) => list.filter((item) => item.uid !== uid))}
        onWaiting={setUploading}
        testId="batch-files"
      />
      <span className="batch-sources-row">
        <Button
          size="small"
          onClick={() => setPicking({ source: 'results', target: 'main' })}
          disabled={items.length >= MAX_ITEMS}
          data-testid="batch-from-results"
        >
          {t('fromResults')}
        </Button>
        {current?.vipUser && (
          <Button
            size="small"
            onClick={() => setPicking({ source: 'goods', target: 'main' })}
            disabled={items.length >= MAX_ITEMS}
            data-testid="batch-from-goods"
          >
            {t('fromGoods')}
          </Button>
        )}
      </span>
      <GoodsPicturesPicker open={picking?.source === 'goods'} onClose={() => setPicking(null)} onPick={picked} />
      <ResultsPicker open={picking?.source === 'results'} onClose={() => setPicking(null)} onPick={picked} />
      <ModelLibraryDialog
        visible={picking?.source === 'models'}
        onClose={() => setPicking(null)}
        onChoose={(model) => picked([{ name: model.name, url: model.url }])}
      />
      {items.length > 0 && (
        <div className="batch-meta">
          {t('chosen', { count: items.length })}{' '}
          <Button size="small" theme="borderless" onClick={() => setItems([])}>
            {t('clear')}
          </Button>
        </div>
      )}

      <h4>{t('recipe')}</h4>
      <Select
        value={recipe.kind}
        onChange={(v) => chooseKind(v as RecipeKind)}
        style={{ width: 400, maxWidth: '100%' }}
        data-testid="batch-recipe"
        optionList={[
          ...LOCAL_KINDS.map((k) => ({ value: k, label: t(`recipe${k[0]!.toUpperCase()}${k.slice(1)}`) })),
          ...aiTools.map((tool) => ({
            value: `ai:${tool.id}`,
            label:
              engineTypes && !engineTypes.has(tool.bizType)
                ? t('recipeAiNoProvider', { tool: t(`routes:${tool.id}`) })
                : t('recipeAi', { tool: t(`routes:${tool.id}`) }),
          })),
        ]}
      />
      {aiTool && (
        <div className="batch-ai" data-testid="batch-ai-recipe">
          {aiTool.bizType === 'TRY_ON' && (
            <Select
              value={recipe.ai.tryonType}
              onChange={(v) => setAi({ tryonType: v as AiRecipe['tryonType'] })}
              style={{ width: 320 }}
              prefix={t('generation:tryonType')}
              data-testid="batch-tryon-type"
              optionList={TRYON_TYPES.map((type) => ({
                value: type,
                label: t(type === 'set' ? 'generation:tryonSet' : 'generation:tryonSplit'),
              }))}
            />
          )}
          <Select
            value={recipe.ai.scene}
            onChange={(v) => setAi({ scene: v as AiRecipe['scene'] })}
            style={{ width: 320 }}
            prefix={t('scene')}
            data-testid="batch-ai-scene"
            optionList={[
              ...aiTool.scenes.map((id) => ({ value: id, label: t(`generation:scene_${id}`) })),
              { value: 'custom', label: t('generation:tabCustom') },
              ...(offersReproduction(aiTool) ? [{ value: 'reproduction', label: t('generation:tabReproduction') }] : []),
            ]}
          />
          {recipe.ai.scene === 'custom' && (
            <TextArea
              value={recipe.ai.customScene}
              onChange={(v) => setAi({ customScene: v })}
              maxCount={SCENE_MAX_CHARS}
              maxLength={SCENE_MAX_CHARS}
              rows={2}
              placeholder={t('generation:customScenePlaceholder')}
              data-testid="batch-ai-custom-scene"
            />
          )}
          {aiTool.model === 'extra' && (
            <>
              <ModelPicker value={recipe.ai.model} onChange={(model) => setAi({ model })} />
              <div className="batch-meta">{t('sameModel')}</div>
            </>
          )}
          {aiTool.model && <ExpressionPicker value={recipe.ai.expression} onChange={(expression) => setAi({ expression })} />}
          <RatioPicker value={recipe.ai.ratio} onChange={(ratio) => setAi({ ratio })} />
          {aiTool.bizType !== 'TRY_ON' && (
            <CountPicker value={recipe.ai.genNum} onChange={(genNum) => setAi({ genNum })} max={GENERATION_GEN_NUM_MAX} />
          )}
        </div>
      )}
      {(recipe.kind === 'reproduction' || (aiTool && recipe.ai.scene === 'reproduction')) && (
        <Select
          value={recipe.mode}
          onChange={(v) => setRecipe((r) => ({ ...r, mode: v as Recipe['mode'] }))}
          style={{ width: 320 }}
          prefix={t('generation:reproductionMode')}
          data-testid="batch-mode"
          optionList={GEN_MODES.map((m) => ({
            value: m,
            label: t(m === 'ACCURATE_REPLICATION' ? 'generation:modeAccurate' : 'generation:modeStyle'),
          }))}
        />
      )}
      {recipe.kind === 'colour' && (
        <div className="batch-swatches" role="radiogroup" aria-label={t('colour')}>
          {BACKGROUND_COLORS.map((c) => (
            <button
              type="button"
              key={c}
              className="batch-swatch"
              data-selected={recipe.colour === c ? 'true' : 'false'}
              style={{ background: c }}
              title={c}
              onClick={() => setRecipe({ ...recipe, colour: c })}
            />
          ))}
        </div>
      )}
      {recipe.kind === 'scene' && (
        <Select
          value={recipe.scene}
          onChange={(v) => setRecipe({ ...recipe, scene: v as Recipe['scene'] })}
          style={{ width: 280 }}
          optionList={REFERENCE_BACKGROUNDS.map((s) => ({ value: s, label: s }))}
          prefix={t('scene')}
        />
      )}
      {(recipe.kind === 'white' || recipe.kind === 'colour' || recipe.kind === 'scene') && (
        <Checkbox checked={recipe.shadow} onChange={(e) => setRecipe({ ...recipe, shadow: !!e.target.checked })}>
          {t('shadow')}
        </Checkbox>
      )}

      {spec && (
        <div className="batch-second" data-testid="batch-second">
          <h4>{t(spec.label, { count: spec.max })}</h4>
          <div className="batch-meta">{t(`second_${spec.role}`)}</div>
          {spec.shared && spec.perItem && (
            <RadioGroup
              type="button"
              value={perItem ? 'item' : 'set'}
              onChange={(e) => setPerItem(e.target.value === 'item')}
              data-testid="batch-second-mode"
              options={[
                { value: 'set', label: t('secondShared') },
                { value: 'item', label: t('secondPerItem') },
              ]}
            />
          )}
          {!ownSecond && (
            <div className="batch-second-shared">
              {shared ? (
                <span className="batch-thumb" data-testid="batch-second-chosen">
                  <img src={shared.url} alt={shared.name} />
                  <span className="batch-pick-name">{shared.name}</span>
                  <Button size="small" theme="borderless" onClick={() => setShared(null)}>
                    {t('clear')}
                  </Button>
                </span>
              ) : (
                sources('shared', 'batch-second', false)
              )}
            </div>
          )}
          {ownSecond && items.length > 0 && (
            <ul className="batch-item-rows" data-testid="batch-item-rows">
              {items.map((item, index) => (
                <li
                  key={`${item.url}-${index}`}
                  className="batch-item-row"
                  data-missing={inputs[index] === null ? 'true' : 'false'}
                >
                  <img src={item.url} alt={item.name} className="batch-row-thumb" />
                  <span className="batch-item-name" title={item.name}>
                    {item.name}
                  </span>
                  {item.extra.map((p, k) => (
                    <img key={`${p.url}-${k}`} src={p.url} alt={p.name} className="batch-row-thumb" />
                  ))}
                  {item.extra.length > 0 && (
                    <Button
                      size="small"
                      theme="borderless"
                      onClick={() => setItems((list) => list.map((x, i) => (i === index ? { ...x, extra: [] } : x)))}
                    >
                      {t('clear')}
                    </Button>
                  )}
                  {item.extra.length < spec.max && sources(index, `batch-item-${index}`, spec.max > 1)}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}

      <h4>{t('preset')}</h4>
      <Select
        value={preset}
        onChange={(v) => setPreset(String(v))}
        style={{ width: 280 }}
        data-testid="batch-preset"
        optionList={[{ value: '', label: t('noPreset') }, ...presets.map((p) => ({ value: p.name, label: presetName(t, p) }))]}
      />
      {missing > 0 && (
        <p className="batch-missing" data-testid="batch-missing">
          {t('missingSecond', { count: missing, what: spec ? t(spec.label, { count: spec.max }) : '' })}
        </p>
      )}
      <p className="batch-cost" data-testid="batch-cost">
        {cost.each.every((c) => c === each)
          ? t('cost', { cost: cost.total, count: items.length, each })
          : t('costTotal', { cost: cost.total, count: items.length })}
      </p>
      <Button
        theme="solid"
        disabled={items.length === 0 || missing > 0 || uploading > 0 || ready === false || missingScene}
        loading={starting}
        onClick={() => void start()}
        data-testid="batch-start"
      >
        {starting ? t('starting') : t('start')}
      </Button>
    </div>
  );
}
