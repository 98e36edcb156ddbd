import { Button, Empty, Input, Radio, RadioGroup, Select, Spin, TextArea, Toast, Typography } from '@douyinfe/semi-ui-19';
import {
  BACKGROUND_COLORS,
  GENERATION_BIZ_TYPES,
  GENERATION_GEN_NUM_DEFAULT,
  GENERATION_GEN_NUM_MAX,
  type ImageBizType,
  RATIOS,
  type Ratio,
  SCENE_MAX_CHARS,
  TRYON_TYPES,
  type TryonType,
} from '@productimage/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { describeError } from '../tasks/taskErrors.ts';
import { ImageUpload } from '../tools/common/ImageUpload.tsx';
import type { UploadedImage } from '../tools/common/useImageUploader.ts';
import { GENERATION_TOOLS } from '../tools/generation/toolConfigs.ts';
import { TEMPLATES_KEY, type TemplateScope, type ToolTemplate, templatesApi } from './templatesApi.ts';
import '../tools/common/tools.css';
import './templates.css';

interface Form {
  name: string;
  bizType: ImageBizType;
  scene: string;
  genNum: number;
  ratio: Ratio;
  backgroundColor: string | null;
  tryonType: TryonType;
  preview: UploadedImage | null;
  scope: TemplateScope;
}

const BIZ_TYPES = [...new Set(GENERATION_TOOLS.map((tool) => tool.bizType))];

function formOf(template: ToolTemplate | null, bizType: ImageBizType): Form {
  const p = template?.params ?? {};
  return {
    name: template?.name ?? '',
    bizType: BIZ_TYPES.find((type) => type === template?.bizType) ?? bizType,
    scene: typeof p.scene === 'string' ? p.scene : '',
    genNum: typeof p.genNum === 'number' ? p.genNum : GENERATION_GEN_NUM_DEFAULT,
    ratio: (RATIOS as readonly string[]).includes(p.ratio as string) ? (p.ratio as Ratio) : 'original',
    backgroundColor: typeof p.backgroundColor === 'string' ? p.backgroundColor : null,
    tryonType: p.tryonType === 'set' ? 'set' : 'split',
    preview: template?.previewUrl
      ? { url: template.previewUrl, preview: template.previewUrl, name: template.name, width: 0, height: 0 }
      : null,
    scope: template?.scope ?? 'own',
  };
}

/**
 * /template-edit (phone-first): a new template (?bizType= preselects the tool) or an existing one
 * (?id=). The other parameters a template keeps (strengths, scale...) are left as they were.
 */
export default function TemplateEditPage() {
  const { t } = useTranslation(['templates', 'routes', 'generation', 'tools', 'errors', 'common']);
  const [search] = useSearchParams();
  const id = search.get('id');
  const initialBiz = BIZ_TYPES.find((type) => type === search.get('bizType')) ?? GENERATION_BIZ_TYPES[0];
  const query = useQuery({
    queryKey: [...TEMPLATES_KEY, 'one', id],
    queryFn: () => templatesApi.get(id as string),
    enabled: !!id,
  });
  if (id && query.isLoading) return <Spin />;
  if (id && (query.isError || (query.data && !query.data.editable)))
    return (
      <div className="template-edit-page">
        <Empty title={t('notFound')} />
        <Link to="/template">{t('back')}</Link>
      </div>
    );
  return <Editor key={id ?? 'new'} template={query.data ?? null} bizType={initialBiz} />;
}

function Editor({ template, bizType }: { template: ToolTemplate | null; bizType: ImageBizType }) {
  const { t } = useTranslation(['templates', 'routes', 'generation', 'tools', 'errors', 'common']);
  const navigate = useNavigate();
  const client = useQueryClient();
  const [form, setForm] = useState<Form>(() => formOf(template, bizType));
  useEffect(() => setForm(formOf(template, bizType)), [template, bizType]);
  const set = (patch: Partial<Form>) => setForm((f) => ({ ...f, ...patch }));

  const save = useMutation({
    mutationFn: () => {
      const params = {
        ...(template?.params ?? {}),
        scene: form.scene.trim() || undefined,
        genNum: form.genNum,
        ratio: form.ratio,
        backgroundColor: form.backgroundColor ?? undefined,
        ...(form.bizType === 'TRY_ON' ? { tryonType: form.tryonType } : {}),
      };
      const clean = Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined));
      const preview = form.preview?.url ?? null;
      return template
        ? templatesApi.update(template.templateId, { name: form.name.trim(), params: clean, preview })
        : templatesApi.create({ name: form.name.trim(), bizType: form.bizType, params: clean, preview, scope: form.scope });
    },
    onSuccess: () => {
      Toast.success(t('saved'));
      void client.invalidateQueries({ queryKey: TEMPLATES_KEY });
      navigate('/template');
    },
    onError: (error) => Toast.error(describeError(error, t).message),
  });
  const toolId = (type: string) => GENERATION_TOOLS.find((tool) => tool.bizType === type)?.id ?? type;

  return (
    <div className="template-edit-page" data-testid="template-edit">
      <Typography.Title heading={4}>{template ? t('editTitle') : t('newTitle')}</Typography.Title>
      <div className="template-field">
        <Typography.Text strong>{t('name')}</Typography.Text>
        <Input value={form.name} onChange={(name) => set({ name })} maxLength={40} data-testid="template-edit-name" />
      </div>
      <div className="template-field">
        <Typography.Text strong>{t('tool')}</Typography.Text>
        <Select
          value={form.bizType}
          disabled={!!template}
          onChange={(v) => set({ bizType: BIZ_TYPES.find((type) => type === v) ?? form.bizType })}
          optionList={BIZ_TYPES.map((type) => ({ value: type, label: t(`routes:${toolId(type)}`) }))}
          data-testid="template-edit-tool"
        />
      </div>
      <div className="template-field">
        <Typography.Text strong>{t('scene')}</Typography.Text>
        <TextArea
          value={form.scene}
          onChange={(scene) => set({ scene })}
          rows={3}
          maxLength={SCENE_MAX_CHARS}
          maxCount={SCENE_MAX_CHARS}
          placeholder={t('generation:customScenePlaceholder')}
          data-testid="template-edit-scene"
        />
      </div>
      {form.bizType === 'TRY_ON' ? (
        <div className="template-field">
          <Typography.Text strong>{t('tryonType')}</Typography.Text>
          <RadioGroup type="button" value={form.tryonType} onChange={(e) => set({ tryonType: e.target.value as TryonType })}>
            {TRYON_TYPES.map((type) => (
              <Radio key={type} value={type}>
                {t(type === 'split' ? 'generation:tryonSplit' : 'generation:tryonSet')}
              </Radio>
            ))}
          </RadioGroup>
        </div>
      ) : (
        <div className="template-field">
          <Typography.Text strong>{t('genNum')}</Typography.Text>
          <RadioGroup type="button" value={form.genNum} onChange={(e) => set({ genNum: Number(e.target.value) })}>
            {Array.from({ length: GENERATION_GEN_NUM_MAX }, (_, i) => (
              <Radio key={i + 1} value={i + 1}>
                {i + 1}
              </Radio>
            ))}
          </RadioGroup>
        </div>
      )}
      <div className="template-field">
        <Typography.Text strong>{t('ratio')}</Typography.Text>
        <Select
          value={form.ratio}
          onChange={(v) => set({ ratio: v as Ratio })}
          optionList={RATIOS.map((ratio) => ({ value: ratio, label: ratio === 'original' ? t('tools:ratioOriginal') : ratio }))}
        />
      </div>
      <div className="template-field">
        <Typography.Text strong>{t('backgroundColor')}</Typography.Text>
        <div className="swatches">
          <button
            type="button"
            className={`option-chip${form.backgroundColor === null ? ' selected' : ''}`}
            aria-pressed={form.backgroundColor === null}
            onClick={() => set({ backgroundColor: null })}
          >
            {t('noColor')}
          </button>
          {BACKGROUND_COLORS.map((color) => (
            <button
              type="button"
              key={color}
              className={`swatch${form.backgroundColor === color ? ' selected' : ''}`}
              style={{ background: color }}
              aria-label={color}
              aria-pressed={form.backgroundColor === color}
              onClick={() => set({ backgroundColor: color })}
            />
          ))}
        </div>
      </div>
      <ImageUpload
        label={t('preview')}
        value={form.preview}
        onChange={(preview) => set({ preview })}
        testId="template-edit-preview"
      />
      {!template && (
        <div className="template-field">
          <Typography.Text strong>{t('publish')}</Typography.Text>
          <RadioGroup type="button" value={form.scope} onChange={(e) => set({ scope: e.target.value as TemplateScope })}>
            <Radio value="own">{t('publishOwn')}</Radio>
            <Radio value="tenant">{t('publishTenant')}</Radio>
            <Radio value="public">{t('publishPublic')}</Radio>
          </RadioGroup>
        </div>
      )}
      <Button
        theme="solid"
        size="large"
        block
        disabled={!form.name.trim()}
        loading={save.isPending}
        onClick={() => save.mutate()}
        data-testid="template-edit-save"
      >
        {t('save')}
      </Button>
      <Link to="/template">{t('back')}</Link>
    </div>
  );
}
