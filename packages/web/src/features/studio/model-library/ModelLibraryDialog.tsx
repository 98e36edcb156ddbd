import {
  Button,
  Empty,
  Input,
  Modal,
  Popconfirm,
  Radio,
  RadioGroup,
  Select,
  Spin,
  TabPane,
  Tabs,
  Tag,
  Toast,
  Typography,
} from '@douyinfe/semi-ui-19';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isMobile } from '../../../app/layout.ts';
import { describeError } from '../tasks/taskErrors.ts';
import { ImageUpload } from '../tools/common/ImageUpload.tsx';
import type { UploadedImage } from '../tools/common/useImageUploader.ts';
import { type ChosenModel, type LibraryModel, MODELS_KEY, type ModelScope, modelLibraryApi } from './modelLibraryApi.ts';
import './modelLibrary.css';

interface Props {
  visible: boolean;
  onClose: () => void;
  onChoose: (model: ChosenModel) => void;
}

type ScopeTab = 'all' | ModelScope;
const SCOPE_TABS: ScopeTab[] = ['all', 'own', 'tenant', 'public'];
const scopeLabel = (scope: ScopeTab) => `scope${scope[0]?.toUpperCase()}${scope.slice(1)}`;

/**
 * Browses the model library (own, team and public models, filtered by tag and words), chooses one
 * for the tool, and adds the user's own model from their own picture (private to them).
 */
export function ModelLibraryDialog({ visible, onClose, onChoose }: Props) {
  const { t } = useTranslation(['modelLibrary', 'errors', 'common']);
  const client = useQueryClient();
  const [scope, setScope] = useState<ScopeTab>('all');
  const [tag, setTag] = useState<string | undefined>();
  const [q, setQ] = useState('');
  const query = useQuery({
    queryKey: [...MODELS_KEY, scope, tag ?? '', q.trim()],
    queryFn: () =>
      modelLibraryApi.list({
        ...(scope === 'all' ? {} : { scope }),
        ...(tag ? { tag } : {}),
        ...(q.trim() ? { q: q.trim() } : {}),
      }),
    enabled: visible,
  });
  const choose = useMutation({
    mutationFn: async (model: LibraryModel) => ({ model, used: await modelLibraryApi.use(model.modelId) }),
    onSuccess: ({ model, used }) => onChoose({ id: model.modelId, name: model.name, url: used.url, preview: model.pictureUrl }),
    onError: (error) => Toast.error(describeError(error, t).message),
  });
  const remove = useMutation({
    mutationFn: (modelId: string) => modelLibraryApi.remove(modelId),
    onSuccess: () => {
      Toast.success(t('deleted'));
      void client.invalidateQueries({ queryKey: MODELS_KEY });
    },
    onError: (error) => Toast.error(describeError(error, t).message),
  });
  const models = query.data?.list ?? [];

  return (
    <Modal
      visible={visible}
      onCancel={onClose}
      title={t('title')}
      footer={null}
      width={isMobile ? '100%' : 880}
      fullScreen={isMobile}
      data-testid="model-library"
    >
      <div className="model-library">
        <Tabs type="button" activeKey={scope} onChange={(key) => setScope(key as ScopeTab)}>
          {SCOPE_TABS.map((key) => (
            <TabPane key={key} itemKey={key} tab={t(scopeLabel(key))} />
          ))}
        </Tabs>
        <div className="model-filters">
          <Select
            value={tag}
            onChange={(v) => setTag((v as string | undefined) || undefined)}
            placeholder={t('allTags')}
            showClear
            style={{ minWidth: 140 }}
            optionList={(query.data?.tags ?? []).map((name) => ({ value: name, label: name }))}
            data-testid="model-tag"
          />
          <Input value={q} onChange={setQ} placeholder={t('search')} showClear maxLength={40} data-testid="model-search" />
        </div>
        {query.isLoading ? (
          <Spin />
        ) : query.isError ? (
          <Typography.Text type="danger">{describeError(query.error, t).message}</Typography.Text>
        ) : models.length === 0 ? (
          <Empty title={t('empty')} description={t('emptyHelp')} data-testid="model-library-empty" />
        ) : (
          <div className="model-grid">
            {models.map((model) => (
              <div className="model-card" key={model.modelId} data-testid="model-card">
                <img src={model.pictureUrl} alt={model.name} loading="lazy" />
                <Typography.Text strong ellipsis={{ showTooltip: true }}>
                  {model.name}
                </Typography.Text>
                {model.look && (
                  <Typography.Text type="tertiary" size="small" ellipsis={{ showTooltip: true }}>
                    {model.look}
                  </Typography.Text>
                )}
                <div className="model-tags">
                  {model.tags.map((name) => (
                    <Tag key={name} size="small">
                      {name}
                    </Tag>
                  ))}
                </div>
                {model.licence && (
                  <Typography.Text type="tertiary" size="small" ellipsis={{ showTooltip: true }}>
                    {t('licence', { text: model.licence })}
                  </Typography.Text>
                )}
                {model.consent && (
                  <Typography.Text type="tertiary" size="small" ellipsis={{ showTooltip: true }} data-testid="model-consent">
                    {t('consent', { text: model.consent })}
                  </Typography.Text>
                )}
                <Button theme="solid" size="small" loading={choose.isPending} onClick={() => choose.mutate(model)}>
                  {t('choose')}
                </Button>
                {model.editable && (
                  <Popconfirm title={t('deleteConfirm')} onConfirm={() => remove.mutate(model.modelId)}>
                    <Button size="small" type="danger">
                      {t('delete')}
                    </Button>
                  </Popconfirm>
                )}
              </div>
            ))}
          </div>
        )}
        <AddOwnModel />
      </div>
    </Modal>
  );
}

/** A user's own model from a picture they own; private to them. */
function AddOwnModel() {
  const { t } = useTranslation(['modelLibrary', 'errors', 'common']);
  const client = useQueryClient();
  const [picture, setPicture] = useState<UploadedImage | null>(null);
  const [name, setName] = useState('');
  const [look, setLook] = useState('');
  const [tags, setTags] = useState('');
  const [licence, setLicence] = useState('');
  const [consent, setConsent] = useState('');
  const [scope, setScope] = useState<ModelScope>('own');
  const save = useMutation({
    mutationFn: () =>
      modelLibraryApi.create({
        name: name.trim(),
        look: look.trim(),
        tags: tags
          .split(/[,，]/)
          .map((s) => s.trim())
          .filter(Boolean)
          .slice(0, 10),
        licence: licence.trim(),
        consent: consent.trim(),
        picture: picture?.url ?? '',
        scope,
      }),
    onSuccess: () => {
      Toast.success(t('saved'));
      setPicture(null);
      setName('');
      setLook('');
      setTags('');
      setLicence('');
      setConsent('');
      void client.invalidateQueries({ queryKey: MODELS_KEY });
    },
    onError: (error) => Toast.error(describeError(error, t).message),
  });
  return (
    <section className="model-add" data-testid="model-add">
      <Typography.Title heading={6}>{t('addOwn')}</Typography.Title>
      <Typography.Text type="tertiary" size="small">
        {t('addOwnHelp')}
      </Typography.Text>
      <ImageUpload value={picture} onChange={setPicture} testId="model-add-picture" />
      <Input value={name} onChange={setName} placeholder={t('name')} maxLength={40} data-testid="model-add-name" />
      <Input value={look} onChange={setLook} placeholder={t('look')} maxLength={200} />
      <Input value={tags} onChange={setTags} placeholder={t('tags')} maxLength={200} />
      <Input value={licence} onChange={setLicence} placeholder={t('licenceNote')} maxLength={300} />
      <Input value={consent} onChange={setConsent} placeholder={t('consentNote')} maxLength={300} />
      {/* Team and public models are for operators (the server refuses others with a message). */}
      <RadioGroup type="button" value={scope} onChange={(e) => setScope(e.target.value as ModelScope)}>
        <Radio value="own">{t('scopeOwn')}</Radio>
        <Radio value="tenant">{t('scopeTenant')}</Radio>
        <Radio value="public">{t('scopePublic')}</Radio>
      </RadioGroup>
      <Button
        theme="solid"
        disabled={!picture || !name.trim()}
        loading={save.isPending}
        onClick={() => save.mutate()}
        data-testid="model-add-save"
      >
        {t('save')}
      </Button>
    </section>
  );
}
