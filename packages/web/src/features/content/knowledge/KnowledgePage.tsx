import { Button, Input, Popconfirm, Select, Tag, TextArea } from '@douyinfe/semi-ui-19';
import { formatDate } from '@productimage/core';
import { EmptyState } from '@productimage/kit';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../shared/FormModal.tsx';
import { ListStates } from '../../../shared/ListPage.tsx';
import { useAction } from '../../../shared/useAction.ts';
import { AddDataModal } from './AddDataModal.tsx';
import { ChunksModal } from './ChunksModal.tsx';
import {
  type Collection,
  DATASETS_KEY,
  type Dataset,
  FOLDERS_KEY,
  knowledgeApi,
  useCollections,
  useDatasets,
  useFolders,
} from './knowledgeApi.ts';
import { SearchPanel } from './SearchPanel.tsx';
import './knowledge.css';

/** /modi-knowledge: datasets, their data (files, links, text) with processing progress, and a search test. */
export default function KnowledgePage() {
  const { t } = useTranslation(['knowledge', 'common']);
  const client = useQueryClient();
  const datasets = useDatasets();
  const folders = useFolders();
  const [selected, setSelected] = useState<string | null>(null);
  const run = useAction();
  const [creating, setCreating] = useState(false);
  const [folderId, setFolderId] = useState('');
  const [newFolder, setNewFolder] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [intro, setIntro] = useState('');
  const current = datasets.data?.find((d) => d.datasetId === selected) ?? datasets.data?.[0] ?? null;

  const create = async () => {
    const { datasetId } = await knowledgeApi.createDataset(name.trim(), intro.trim(), folderId || null);
    await client.invalidateQueries({ queryKey: DATASETS_KEY });
    setSelected(datasetId);
    setName('');
    setIntro('');
  };

  const createFolder = async () => {
    await knowledgeApi.createFolder((newFolder ?? '').trim());
    await client.invalidateQueries({ queryKey: FOLDERS_KEY });
  };

  const removeFolder = (id: string) =>
    run(async () => {
      await knowledgeApi.deleteFolder(id);
      await client.invalidateQueries({ queryKey: ['knowledge'] });
    });

  const datasetButton = (d: Dataset) => (
    <button
      type="button"
      key={d.datasetId}
      className={`knowledge-dataset${current?.datasetId === d.datasetId ? ' active' : ''}`}
      onClick={() => setSelected(d.datasetId)}
      data-testid="dataset-item"
    >
      {d.name}
      <small>
        {t('chunksCount', { count: d.chunks })} · {formatDate(d.createdAt)}
      </small>
    </button>
  );
  const loose = datasets.data?.filter((d) => !d.folderId || !folders.data?.some((f) => f.folderId === d.folderId)) ?? [];

  const removeDataset = (datasetId: string) =>
    run(async () => {
      await knowledgeApi.deleteDataset(datasetId);
      setSelected(null);
      await client.invalidateQueries({ queryKey: DATASETS_KEY });
    }, t('common:deleted'));

  return (
    <div className="knowledge-page" data-testid="knowledge-page">
      <aside className="knowledge-side">
        <Button theme="solid" onClick={() => setCreating(true)} data-testid="new-dataset">
          {t('newDataset')}
        </Button>
        <ListStates query={datasets} emptyText={t('noDatasets')} emptyTestId="datasets-empty" />
        {folders.data?.map((f) => (
          <div className="knowledge-folder" key={f.folderId} data-testid="folder">
            <div className="knowledge-folder-head">
              <span>📁 {f.name}</span>
              <Popconfirm title={t('deleteFolderConfirm')} onConfirm={() => removeFolder(f.folderId)}>
                <Button size="small" theme="borderless" type="danger">
                  {t('deleteFolder')}
                </Button>
              </Popconfirm>
            </div>
            {datasets.data?.filter((d) => d.folderId === f.folderId).map(datasetButton)}
          </div>
        ))}
        {!!folders.data?.length && loose.length > 0 && <small className="knowledge-folder-head">{t('noFolder')}</small>}
        {loose.map(datasetButton)}
        <Button theme="borderless" onClick={() => setNewFolder('')} data-testid="new-folder">
          {t('newFolder')}
        </Button>
      </aside>
      <section className="knowledge-main">
        {current ? (
          <DatasetView
            key={current.datasetId}
            datasetId={current.datasetId}
            name={current.name}
            intro={current.intro}
            onDelete={removeDataset}
          />
        ) : (
          !datasets.isLoading && <EmptyState text={t('pickDataset')} />
        )}
      </section>
      <FormModal
        title={t('newDataset')}
        visible={creating}
        onClose={() => setCreating(false)}
        onSubmit={create}
        okText={t('create')}
        canSubmit={!!name.trim()}
        okTestId="dataset-create"
      >
        <Input placeholder={t('datasetName')} value={name} onChange={setName} maxLength={100} data-testid="dataset-name" />
        <TextArea placeholder={t('datasetIntro')} value={intro} onChange={setIntro} maxLength={1000} />
        {!!folders.data?.length && (
          <Select
            value={folderId}
            onChange={(v) => setFolderId(String(v ?? ''))}
            aria-label={t('folder')}
            optionList={[{ value: '', label: t('noFolder') }, ...folders.data.map((f) => ({ value: f.folderId, label: f.name }))]}
          />
        )}
      </FormModal>
      <FormModal
        title={t('newFolder')}
        visible={newFolder !== null}
        onClose={() => setNewFolder(null)}
        onSubmit={createFolder}
        okText={t('create')}
        canSubmit={!!newFolder?.trim()}
        okTestId="folder-create"
      >
        <Input
          placeholder={t('folderName')}
          value={newFolder ?? ''}
          onChange={setNewFolder}
          maxLength={100}
          data-testid="folder-name"
        />
      </FormModal>
    </div>
  );
}

function DatasetView({
  datasetId,
  name,
  intro,
  onDelete,
}: {
  datasetId: string;
  name: string;
  intro: string;
  onDelete: (id: string) => void;
}) {
  const { t } = useTranslation(['knowledge', 'errors', 'common']);
  const client = useQueryClient();
  const collections = useCollections(datasetId);
  const [adding, setAdding] = useState(false);
  const [viewing, setViewing] = useState<Collection | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: ['knowledge'] });
  const run = useAction();
  const act = (fn: () => Promise<unknown>) =>
    run(async () => {
      await fn();
      await refresh();
    });

  return (
    <>
      <div className="knowledge-card">
        <h3>
          <span data-testid="dataset-title">{name}</span>
          <span>
            <Button theme="solid" onClick={() => setAdding(true)} data-testid="add-data">
              {t('addData')}
            </Button>{' '}
            <Popconfirm title={t('deleteDatasetConfirm')} onConfirm={() => onDelete(datasetId)}>
              <Button type="danger">{t('deleteDataset')}</Button>
            </Popconfirm>
          </span>
        </h3>
        {intro && <p>{intro}</p>}
        <ListStates query={collections} emptyText={t('noCollections')} emptyTestId="collections-empty" />
        {collections.data?.map((c) => (
          <div className="knowledge-row" key={c.collectionId} data-testid="collection-row" data-status={c.status}>
            <Tag>{t(c.type === 'file' ? 'sourceFile' : c.type === 'link' ? 'sourceLink' : 'sourceVirtual')}</Tag>
            <span className="name" title={c.source || c.name}>
              {c.name}
            </span>
            <StatusTag c={c} />
            <small>{formatDate(c.createdAt)}</small>
            {c.status === 'training' && (
              <Button size="small" onClick={() => act(() => knowledgeApi.stop(c.collectionId))}>
                {t('stop')}
              </Button>
            )}
            {c.status === 'failed' && c.error !== 'chatEngineNotConfigured' && (
              <Button size="small" onClick={() => act(() => knowledgeApi.retry(c.collectionId))}>
                {t('retry')}
              </Button>
            )}
            {c.chunks > 0 && (
              <Button size="small" onClick={() => setViewing(c)}>
                {t('viewChunks')}
              </Button>
            )}
            <Popconfirm title={t('deleteConfirm')} onConfirm={() => act(() => knowledgeApi.remove(c.collectionId))}>
              <Button size="small" type="danger">
                {t('delete')}
              </Button>
            </Popconfirm>
          </div>
        ))}
      </div>
      <SearchPanel datasetId={datasetId} />
      <AddDataModal datasetId={datasetId} visible={adding} onClose={() => setAdding(false)} onAdded={refresh} />
      {viewing && <ChunksModal collection={viewing} onClose={() => setViewing(null)} />}
    </>
  );
}

function StatusTag({ c }: { c: Collection }) {
  const { t } = useTranslation(['knowledge', 'errors']);
  if (c.status === 'training') {
    return <Tag color="blue">{t('status_training', { done: c.progress.done, total: c.progress.total || '…' })}</Tag>;
  }
  if (c.status === 'ready') return <Tag color="green">{`${t('status_ready')} · ${t('chunksCount', { count: c.chunks })}`}</Tag>;
  if (c.error === 'stopped') return <Tag color="grey">{t('status_stopped')}</Tag>;
  return (
    <Tag color="red">
      {t('status_failed')}
      {c.error && c.error !== 'internal' ? `: ${t(`errors:${c.error}`, { defaultValue: '' })}` : ''}
    </Tag>
  );
}
