import { Banner, Button, Checkbox, Modal, Progress, Select, Spin, Tag, TextArea, Toast } from '@douyinfe/semi-ui-19';
import {
  BACKGROUND_COLORS,
  DENOISING_STRENGTH_DEFAULT,
  ERODE_SIZE_DEFAULT,
  formatDate,
  GENERATION_GEN_NUM_DEFAULT,
  GENERATION_GEN_NUM_MAX,
  type ImageBizType,
  isPaidTier,
  type Ratio,
  REFERENCE_BACKGROUNDS,
  SCENE_MAX_CHARS,
  taskCost,
} from '@productimage/core';
import { EmptyState, ErrorState, errorText, PaidFeaturePrompt } from '@productimage/kit';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useSession } from '../../identity/auth/session.ts';
import { GOODS_KEY, goodsApi } from '../goods/goodsApi.ts';
import { ModelPicker } from '../model-library/ModelPicker.tsx';
import type { ChosenModel } from '../model-library/modelLibraryApi.ts';
import { taskApi } from '../tasks/taskApi.ts';
import { useEngineBizTypes } from '../tasks/useEngineReady.ts';
import { CountPicker } from '../tools/common/CountPicker.tsx';
import { RatioPicker } from '../tools/common/RatioPicker.tsx';
import { type GenerationSettings, toParams } from '../tools/generation/settings.ts';
import { GENERATION_TOOLS, type GenerationTool, type SceneId } from '../tools/generation/toolConfigs.ts';
import { BATCHES_KEY, type BatchItem, type BatchPreset, type BatchView, batchesApi } from './batchesApi.ts';
import './batches.css';

const MAX_ITEMS = 200;
type LocalKind = 'white' | 'colour' | 'scene' | 'cutout';
type RecipeKind = LocalKind | `ai:${string}`;

/**
 * The AI photography tools a batch can run: those taking one product picture per item (the same
 * chosen model, scene, ratio and count for every item, so the set looks alike). Try-on and the
 * custom-likeness tools take several pictures of one subject and stay single-task tools.
 */
export const BATCH_AI_TOOLS: GenerationTool[] = GENERATION_TOOLS.filter((tool) => {
  const slots = tool.slots('split');
  return slots.length === 1 && !slots[0]?.max && tool.model !== 'person';
});

interface AiRecipe {
  /** A recommended scene of the tool, or 'custom' for the text below. */
  scene: SceneId | 'custom';
  customScene: string;
  ratio: Ratio;
  genNum: number;
  model: ChosenModel | null;
}

interface Recipe {
  kind: RecipeKind;
  colour: string;
  scene: (typeof REFERENCE_BACKGROUNDS)[number];
  shadow: boolean;
  ai: AiRecipe;
}

const aiToolOf = (kind: RecipeKind) =>
  kind.startsWith('ai:') ? BATCH_AI_TOOLS.find((tool) => `ai:${tool.id}` === kind) : undefined;

/** The AI tool's task parameters, as its own page would send them for these settings (settings.ts toParams). */
function aiParams(tool: GenerationTool, ai: AiRecipe): Record<string, unknown> {
  const settings: GenerationSettings = {
    images: {},
    tab: ai.scene === 'custom' ? 'custom' : 'recommended',
    sceneId: ai.scene === 'custom' ? (tool.scenes[0] as SceneId) : ai.scene,
    customScene: ai.customScene,
    reference: null,
    mode: 'ACCURATE_REPLICATION',
    removeSubject: false,
    backgroundColor: null,
    model: ai.model,
    tryonType: 'split',
    genNum: ai.genNum,
    ratio: ai.ratio,
    denoisingStrength: DENOISING_STRENGTH_DEFAULT,
    erodeSize: ERODE_SIZE_DEFAULT,
    strength: 33,
    scale: 0,
    templateId: null,
    mask: null,
  };
  return toParams(tool, settings);
}

/** The recipe as a batch body: the business type, its parameters and what every item adds after its picture. */
function recipeBody(r: Recipe): { bizType: ImageBizType; params: Record<string, unknown>; extraInputs: string[] } {
  const tool = aiToolOf(r.kind);
  if (tool)
    return {
      bizType: tool.bizType,
      params: aiParams(tool, r.ai),
      extraInputs: tool.model === 'extra' && r.ai.model ? [r.ai.model.url] : [],
    };
  if (r.kind === 'cutout') return { bizType: 'MATTING_IMAGE', params: {}, extraInputs: [] };
  if (r.kind === 'scene')
    return { bizType: 'PRODUCT_REPLACE_IMAGE', params: { reference: r.scene, shadow: r.shadow }, extraInputs: [] };
  return {
    bizType: 'PRODUCT_REPLACE_IMAGE',
    params: { backgroundColor: r.kind === 'white' ? '#FFFFFF' : r.colour, shadow: r.shadow },
    extraInputs: [],
  };
}

/** /batch: the batch studio (issue 33). Paid members run batches; everyone else sees what it does and how to get it. */
export default function BatchPage() {
  const { t } = useTranslation(['batches', 'routes']);
  const { current } = useSession();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const batchId = params.get('id');
  const paid = isPaidTier(current?.benefitPackage.product.productType);
  const presets = useQuery({ queryKey: [...BATCHES_KEY, 'presets'], queryFn: batchesApi.presets, staleTime: 60_000 });
  const open = (id: string | null) => {
    const p = new URLSearchParams(params);
    if (id) p.set('id', id);
    else p.delete('id');
    setParams(p);
  };

  return (
    <div className="batch-page" data-testid="batch-page">
      <h2>{t('title')}</h2>
      <p className="batch-intro">{t('intro')}</p>
      {!paid ? (
        <div className="batch-upgrade" data-testid="batch-upgrade">
          <p>{t('paidWhat')}</p>
          <PaidFeaturePrompt message={t('paidOnly')} onOpenMembership={() => navigate('/member')} onClose={() => navigate('/')} />
        </div>
      ) : (
        <div className="batch-layout">
          <aside className="batch-side">
            <Button theme="solid" onClick={() => open(null)} data-testid="batch-new">
              {t('back')}
            </Button>
            <BatchHistory openId={batchId} onOpen={open} />
          </aside>
          <main className="batch-main">
            {batchId ? (
              <BatchDetail batchId={batchId} presets={presets.data ?? []} />
            ) : (
              <NewBatch presets={presets.data ?? []} onCreated={open} />
            )}
          </main>
        </div>
      )}
      <PresetSources presets={presets.data ?? []} />
    </div>
  );
}

function BatchHistory({ openId, onOpen }: { openId: string | null; onOpen: (id: string) => void }) {
  const { t } = useTranslation('batches');
  const list = useQuery({ queryKey: [...BATCHES_KEY, 'list'], queryFn: batchesApi.list });
  return (
    <div className="batch-history">
      <h4>{t('history')}</h4>
      {list.isLoading && <Spin />}
      {list.error && <ErrorState error={list.error} onRetry={() => list.refetch()} />}
      {list.data?.length === 0 && <div className="batch-meta">{t('noHistory')}</div>}
      {list.data?.map((b) => (
        <button
          type="button"
          key={b.batchId}
          className="batch-history-item"
          data-selected={openId === b.batchId ? 'true' : 'false'}
          onClick={() => onOpen(b.batchId)}
          data-testid="batch-history-item"
        >
          <span>{t('itemsCount', { count: b.items })}</span>
          <span className="batch-meta">
            {t(`status_${b.status}`)} · {formatDate(b.createdAt, true)}
          </span>
        </button>
      ))}
    </div>
  );
}

function NewBatch({ presets, onCreated }: { presets: BatchPreset[]; onCreated: (id: string) => void }) {
  const { t } = useTranslation(['batches', 'errors', 'routes', 'generation']);
  const { current } = useSession();
  const queryClient = useQueryClient();
  const [files, setFiles] = useState<Array<{ name: string; url: string }>>([]);
  const [uploading, setUploading] = useState<{ done: number; total: number } | null>(null);
  const [recipe, setRecipe] = useState<Recipe>({
    kind: 'white',
    colour: BACKGROUND_COLORS[1],
    scene: REFERENCE_BACKGROUNDS[0],
    shadow: true,
    ai: { scene: 'studio', customScene: '', ratio: 'original', genNum: GENERATION_GEN_NUM_DEFAULT, model: null },
  });
  const [preset, setPreset] = useState<string>('');
  const [starting, setStarting] = useState(false);
  const [picking, setPicking] = useState(false);
  const [pickingGoods, setPickingGoods] = useState(false);
  const body = recipeBody(recipe);
  const aiTool = aiToolOf(recipe.kind);
  const engineTypes = useEngineBizTypes();
  const ready = engineTypes?.has(body.bizType);
  const each = taskCost(body.bizType, body.params, 1 + body.extraInputs.length);
  const missingScene = !!aiTool && recipe.ai.scene === 'custom' && !recipe.ai.customScene.trim();
  const setAi = (patch: Partial<AiRecipe>) => setRecipe((r) => ({ ...r, ai: { ...r.ai, ...patch } }));
  const chooseKind = (kind: RecipeKind) => {
    const tool = aiToolOf(kind);
    setRecipe((r) => ({
      ...r,
      kind,
      // Each tool has its own recommended scenes; a custom scene is kept.
      ai:
        tool && r.ai.scene !== 'custom' && !tool.scenes.includes(r.ai.scene)
          ? { ...r.ai, scene: tool.scenes[0] as SceneId }
          : r.ai,
    }));
  };

  const choose = async (list: FileList | null) => {
    if (!list) return;
    const picked = [...list].slice(0, MAX_ITEMS - files.length);
    setUploading({ done: 0, total: picked.length });
    const added: Array<{ name: string; url: string }> = [];
    for (const [index, file] of picked.entries()) {
      try {
        added.push({ name: file.name, url: await taskApi.upload(file, file.name) });
      } catch (error) {
        Toast.error(t('uploadFailed', { name: file.name, message: errorText(error, t) }));
      }
      setUploading({ done: index + 1, total: picked.length });
    }
    setFiles((f) => [...f, ...added].slice(0, MAX_ITEMS));
    setUploading(null);
  };

  const start = async () => {
    setStarting(true);
    try {
      const created = await batchesApi.create({
        bizType: body.bizType,
        params: body.params,
        items: files.map((f) => [f.url, ...body.extraInputs]),
        names: files.map((f) => f.name),
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
      <label className="batch-drop">
        <input
          type="file"
          multiple
          accept="image/png,image/jpeg,image/webp"
          onChange={(e) => void choose(e.target.files)}
          data-testid="batch-files"
          disabled={!!uploading || files.length >= MAX_ITEMS}
        />
        <span>{uploading ? t('uploading', uploading) : t('drop')}</span>
      </label>
      <Button size="small" onClick={() => setPicking(true)} disabled={files.length >= MAX_ITEMS} data-testid="batch-from-results">
        {t('fromResults')}
      </Button>
      {current?.vipUser && (
        <Button
          size="small"
          onClick={() => setPickingGoods(true)}
          disabled={files.length >= MAX_ITEMS}
          data-testid="batch-from-goods"
        >
          {t('fromGoods')}
        </Button>
      )}
      <GoodsPicturesPicker
        open={pickingGoods}
        onClose={() => setPickingGoods(false)}
        onPick={(picked) => {
          setFiles((f) => [...f, ...picked].slice(0, MAX_ITEMS));
          setPickingGoods(false);
        }}
      />
      <ResultsPicker
        open={picking}
        onClose={() => setPicking(false)}
        onPick={(picked) => {
          setFiles((f) => [...f, ...picked].slice(0, MAX_ITEMS));
          setPicking(false);
        }}
      />
      {files.length > 0 && (
        <div className="batch-meta">
          {t('chosen', { count: files.length })}{' '}
          <Button size="small" theme="borderless" onClick={() => setFiles([])}>
            {t('clear')}
          </Button>
        </div>
      )}
      <h4>{t('recipe')}</h4>
      <Select
        value={recipe.kind}
        onChange={(v) => chooseKind(v as RecipeKind)}
        style={{ width: 320 }}
        data-testid="batch-recipe"
        optionList={[
          ...(['white', 'colour', 'scene', 'cutout'] as const).map((k) => ({
            value: k,
            label: t(`recipe${k[0]!.toUpperCase()}${k.slice(1)}`),
          })),
          ...BATCH_AI_TOOLS.map((tool) => ({
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
          <Select
            value={recipe.ai.scene}
            onChange={(v) => setAi({ scene: v as AiRecipe['scene'] })}
            style={{ width: 320 }}
            prefix={t('scene')}
            data-testid="batch-ai-scene"
            optionList={[
              ...aiTool.scenes.map((id) => ({ value: id, label: t(`generation:scene_${id}`) })),
              { value: 'custom', label: t('generation:tabCustom') },
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
          <RatioPicker value={recipe.ai.ratio} onChange={(ratio) => setAi({ ratio })} />
          <CountPicker value={recipe.ai.genNum} onChange={(genNum) => setAi({ genNum })} max={GENERATION_GEN_NUM_MAX} />
        </div>
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
      {recipe.kind !== 'cutout' && !aiTool && (
        <Checkbox checked={recipe.shadow} onChange={(e) => setRecipe({ ...recipe, shadow: !!e.target.checked })}>
          {t('shadow')}
        </Checkbox>
      )}
      <h4>{t('preset')}</h4>
      <Select
        value={preset}
        onChange={(v) => setPreset(String(v))}
        style={{ width: 280 }}
        data-testid="batch-preset"
        optionList={[{ value: '', label: t('noPreset') }, ...presets.map((p) => ({ value: p.name, label: p.label }))]}
      />
      <p className="batch-cost" data-testid="batch-cost">
        {t('cost', { cost: each * files.length, count: files.length, each })}
      </p>
      <Button
        theme="solid"
        disabled={files.length === 0 || !!uploading || ready === false || missingScene}
        loading={starting}
        onClick={() => void start()}
        data-testid="batch-start"
      >
        {starting ? t('starting') : t('start')}
      </Button>
    </div>
  );
}

/**
 * Products of the library picked as the batch's pictures: the server turns each product's picture
 * links into inputs (POST /api/goods/:goodsId/pictures: own files as they are, shop links fetched,
 * checked and stored); pictures it cannot use are named with the reason.
 */
function GoodsPicturesPicker(props: {
  open: boolean;
  onClose: () => void;
  onPick: (files: Array<{ name: string; url: string }>) => void;
}) {
  const { t } = useTranslation(['batches', 'errors']);
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [adding, setAdding] = useState(false);
  const goods = useQuery({ queryKey: [...GOODS_KEY, ''], queryFn: () => goodsApi.list(''), enabled: props.open });
  const withPictures = (goods.data ?? []).filter((g) => g.images.length > 0);
  const toggle = (id: string) =>
    setChosen((c) => {
      const next = new Set(c);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const add = async () => {
    setAdding(true);
    const picked: Array<{ name: string; url: string }> = [];
    try {
      for (const goodsId of chosen) {
        const { pictures, failed } = await goodsApi.pictures(goodsId);
        picked.push(...pictures);
        for (const f of failed) Toast.warning(t('uploadFailed', { name: f.source, message: f.message }));
      }
      props.onPick(picked);
      setChosen(new Set());
    } catch (error) {
      if (picked.length > 0) props.onPick(picked);
      Toast.error(errorText(error, t));
    } finally {
      setAdding(false);
    }
  };
  return (
    <Modal
      visible={props.open}
      title={t('fromGoods')}
      onCancel={props.onClose}
      onOk={() => void add()}
      okText={t('addGoods', { count: chosen.size })}
      okButtonProps={{ loading: adding, disabled: chosen.size === 0, 'data-testid': 'batch-goods-add' } as object}
      width={720}
    >
      {goods.isLoading && <Spin />}
      {goods.error && <ErrorState error={goods.error} onRetry={() => goods.refetch()} />}
      {goods.data && withPictures.length === 0 && <div className="batch-meta">{t('noGoods')}</div>}
      <div className="batch-picker">
        {withPictures.map((g) => (
          <button
            type="button"
            key={g.goodsId}
            className="batch-pick"
            data-selected={chosen.has(g.goodsId) ? 'true' : 'false'}
            onClick={() => toggle(g.goodsId)}
            title={g.name}
            data-testid="batch-goods-item"
          >
            <img src={g.images[0]} alt={g.name} loading="lazy" referrerPolicy="no-referrer" />
            <span className="batch-pick-name">{t('goodsPictures', { name: g.name, count: g.images.length })}</span>
          </button>
        ))}
      </div>
    </Modal>
  );
}

/** Earlier results (completed picture tasks) picked as the batch's pictures: the server takes the caller's outputs as inputs. */
function ResultsPicker(props: {
  open: boolean;
  onClose: () => void;
  onPick: (files: Array<{ name: string; url: string }>) => void;
}) {
  const { t } = useTranslation('batches');
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const results = useQuery({
    queryKey: [...BATCHES_KEY, 'results'],
    queryFn: () => taskApi.list({ status: 'completed', pageNum: 1, pageSize: 60 }),
    enabled: props.open,
  });
  const outputs = (results.data?.list ?? []).flatMap((task) =>
    task.outputs
      .filter((o) => o.type === 'image')
      .map((o, i) => ({ url: o.url, name: `${task.bizType.toLowerCase()}-${task.taskId.slice(0, 8)}-${i + 1}.png` })),
  );
  const toggle = (url: string) =>
    setChosen((c) => {
      const next = new Set(c);
      if (next.has(url)) next.delete(url);
      else next.add(url);
      return next;
    });
  return (
    <Modal
      visible={props.open}
      title={t('fromResults')}
      onCancel={props.onClose}
      onOk={() => {
        props.onPick(outputs.filter((o) => chosen.has(o.url)));
        setChosen(new Set());
      }}
      okText={t('addPicked', { count: chosen.size })}
      width={720}
    >
      {results.isLoading && <Spin />}
      {results.error && <ErrorState error={results.error} onRetry={() => results.refetch()} />}
      {results.data && outputs.length === 0 && <div className="batch-meta">{t('noResults')}</div>}
      <div className="batch-picker">
        {outputs.map((o) => (
          <button
            type="button"
            key={o.url}
            className="batch-pick"
            data-selected={chosen.has(o.url) ? 'true' : 'false'}
            onClick={() => toggle(o.url)}
          >
            <img src={o.url} alt={o.name} loading="lazy" />
          </button>
        ))}
      </div>
    </Modal>
  );
}

function BatchDetail({ batchId, presets }: { batchId: string; presets: BatchPreset[] }) {
  const { t } = useTranslation(['batches', 'errors']);
  const queryClient = useQueryClient();
  const [zipPreset, setZipPreset] = useState<string>('');
  const [busy, setBusy] = useState<string | null>(null);
  const query = useQuery({
    queryKey: [...BATCHES_KEY, 'batch', batchId],
    queryFn: () => batchesApi.get(batchId),
    refetchInterval: (q) => {
      const b = q.state.data;
      const working = b && (b.status === 'running' || b.counts.pending + b.counts.generating > 0);
      return working ? 1500 : false;
    },
  });
  if (query.isLoading) return <Spin />;
  if (query.error) return <ErrorState error={query.error} onRetry={() => query.refetch()} />;
  const batch = query.data as BatchView;
  const total = batch.items.length;
  const done = batch.counts.completed + batch.counts.failed + batch.counts.stopped;
  const act = async (key: string, fn: () => Promise<BatchView>) => {
    setBusy(key);
    try {
      queryClient.setQueryData([...BATCHES_KEY, 'batch', batchId], await fn());
      void queryClient.invalidateQueries({ queryKey: [...BATCHES_KEY, 'list'] });
    } catch (error) {
      Toast.error(errorText(error, t));
    } finally {
      setBusy(null);
    }
  };
  const stop = () =>
    Modal.confirm({ title: t('stop'), content: t('stopConfirm'), onOk: () => act('stop', () => batchesApi.stop(batchId)) });
  const exportAs = zipPreset || batch.preset || presets[0]?.name || '';
  const download = async () => {
    setBusy('zip');
    try {
      await batchesApi.downloadZip(batchId, exportAs);
    } catch (error) {
      Toast.error(errorText(error, t));
    } finally {
      setBusy(null);
    }
  };
  const presetLabel = presets.find((p) => p.name === batch.preset)?.label ?? batch.preset ?? '';

  return (
    <div className="batch-detail" data-testid="batch-detail" data-status={batch.status}>
      <div className="batch-toolbar">
        <Tag
          color={batch.status === 'completed' ? 'green' : batch.status === 'running' ? 'blue' : 'orange'}
          data-testid="batch-status"
        >
          {t(`status_${batch.status}`)}
        </Tag>
        <span className="batch-meta" data-testid="batch-progress-text">
          {t('progress', { done, total })} · {t('charged', { cost: batch.cost })}
          {batch.refunded > 0 && `, ${t('refunded', { refunded: batch.refunded })}`}
        </span>
        <span className="batch-spacer" />
        {batch.status === 'running' && (
          <Button type="danger" loading={busy === 'stop'} onClick={stop} data-testid="batch-stop">
            {t('stop')}
          </Button>
        )}
        {batch.counts.failed > 0 && batch.status !== 'running' && (
          <Button
            loading={busy === 'retry'}
            onClick={() => void act('retry', () => batchesApi.retry(batchId))}
            data-testid="batch-retry"
          >
            {t('retry', { count: batch.counts.failed })}
          </Button>
        )}
        <Select
          value={exportAs}
          onChange={(v) => setZipPreset(String(v))}
          style={{ width: 220 }}
          prefix={t('zipPreset')}
          optionList={presets.map((p) => ({ value: p.name, label: p.label }))}
        />
        <Button
          theme="solid"
          disabled={batch.counts.completed === 0 || !exportAs}
          loading={busy === 'zip'}
          onClick={() => void download()}
          data-testid="batch-zip"
        >
          {t('zip')}
        </Button>
      </div>
      <Progress percent={batch.progress} showInfo aria-label={t('progress', { done, total })} />
      {total === 0 ? (
        <EmptyState />
      ) : (
        <div className="batch-grid" data-testid="batch-grid">
          {batch.items.map((item) => (
            <ItemCard
              key={item.itemId}
              item={item}
              presetLabel={presetLabel}
              busy={busy}
              onRedo={() => void act(`redo:${item.itemId}`, () => batchesApi.redo(batchId, item.itemId))}
              onFix={() => void act(`fix:${item.itemId}`, () => batchesApi.fix(batchId, item.itemId))}
            />
          ))}
        </div>
      )}
    </div>
  );
}

function ItemCard(props: { item: BatchItem; presetLabel: string; busy: string | null; onRedo: () => void; onFix: () => void }) {
  const { item, presetLabel, busy } = props;
  const { t } = useTranslation('batches');
  const after = item.fixed ?? item.outputs[0];
  const failing = item.checks.filter((c) => !c.ok);
  const finished = item.status === 'completed' || item.status === 'failed' || item.status === 'stopped';
  return (
    <div
      className="batch-item"
      data-testid="batch-item"
      data-status={item.status}
      data-failing={failing.map((c) => c.rule).join(' ')}
    >
      <div className="batch-pair">
        <figure>
          <img src={item.input[0]} alt={t('before')} loading="lazy" />
          <figcaption>{t('before')}</figcaption>
        </figure>
        <figure>
          {after ? (
            <img src={after} alt={t('after')} loading="lazy" />
          ) : (
            <div className="batch-placeholder">{t(`item_${item.status}`)}</div>
          )}
          <figcaption>{item.fixed ? t('fixed') : t('after')}</figcaption>
        </figure>
      </div>
      <div className="batch-item-name" title={item.sourceName}>
        {item.sourceName}
      </div>
      <Tag size="small" color={item.status === 'completed' ? 'green' : item.status === 'failed' ? 'red' : 'grey'}>
        {t(`item_${item.status}`)}
        {item.status === 'generating' && ` ${item.progress}%`}
      </Tag>
      {item.status === 'completed' && item.checks.length > 0 && failing.length === 0 && (
        <Tag size="small" color="green">
          {t('allPass', { preset: presetLabel })}
        </Tag>
      )}
      {failing.map((c) => (
        <span key={c.rule} title={c.detail} data-testid="batch-check-failed">
          <Tag size="small" color="red">
            {t(`rule_${c.rule}`)}
          </Tag>
        </span>
      ))}
      <div className="batch-item-actions">
        {item.fixes.length > 0 && (
          <Button size="small" loading={busy === `fix:${item.itemId}`} onClick={props.onFix} data-testid="batch-fix">
            {t('fix')}: {item.fixes.map((f) => t(`fix_${f}`)).join(', ')}
          </Button>
        )}
        {finished && (
          <Button size="small" theme="borderless" loading={busy === `redo:${item.itemId}`} onClick={props.onRedo}>
            {t('redo')}
          </Button>
        )}
      </div>
    </div>
  );
}

function PresetSources({ presets }: { presets: BatchPreset[] }) {
  const { t } = useTranslation('batches');
  if (presets.length === 0) return null;
  return (
    <details className="batch-sources">
      <summary>{t('sources')}</summary>
      <ul>
        {presets.map((p) => (
          <li key={p.name}>
            <strong>{p.label}</strong>: {p.width}×{p.height} {p.format}, ≤ {Math.round(p.maxBytes / 1024 / 1024)} MB
            {p.rules.whiteBackground && ', RGB 255'}
            {p.rules.minFill > 0 && `, ≥ ${Math.round(p.rules.minFill * 100)}%`}
            {p.rules.margin > 0 && `, margin ${Math.round(p.rules.margin * 100)}%`} · {p.source}
          </li>
        ))}
      </ul>
    </details>
  );
}
