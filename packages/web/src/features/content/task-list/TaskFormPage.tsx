import { Button, CheckboxGroup, DatePicker, Input, Select, Spin, TextArea, Toast } from '@douyinfe/semi-ui-19';
import { formatDate } from '@productimage/core';
import { EmptyState, ErrorState } from '@productimage/kit';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { notesApi } from '../notes/notesApi.ts';
import {
  CONTENT_TASK_STATUSES,
  type ContentTaskInput,
  type ContentTaskStatus,
  TASK_PLATFORMS,
  taskListApi,
} from './taskListApi.ts';
import { useThemes } from './themes/themesApi.ts';
import './themes/themes.css';
import { useBusyAction } from '../../../shared/useAction.ts';

/** /modi-task-list/create and /modi-task-list/edit/:id */
export default function TaskFormPage() {
  const { t } = useTranslation(['taskList', 'common']);
  const { id } = useParams();
  const navigate = useNavigate();
  const client = useQueryClient();
  const themes = useThemes();
  const notes = useQuery({ queryKey: ['notes', 'picker'], queryFn: () => notesApi.list('mine', '', 1, 100) });
  const existing = useQuery({ queryKey: ['content-tasks', 'one', id], queryFn: () => taskListApi.find(id!), enabled: !!id });
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [owner, setOwner] = useState('');
  const [dueDate, setDueDate] = useState('');
  const [platforms, setPlatforms] = useState<ContentTaskInput['platforms']>([]);
  const [noteIds, setNoteIds] = useState<string[]>([]);
  const [contentIds, setContentIds] = useState('');
  const [themeId, setThemeId] = useState('');
  const [topicId, setTopicId] = useState('');
  const [status, setStatus] = useState<ContentTaskStatus>('NEW');
  const { busy, run } = useBusyAction();

  useEffect(() => {
    const task = existing.data;
    if (!task) return;
    setTitle(task.title);
    setDescription(task.description);
    setOwner(task.owner);
    setDueDate(task.dueDate);
    setPlatforms(task.platforms as ContentTaskInput['platforms']);
    setNoteIds(task.noteIds);
    setContentIds(task.contentIds.join(', '));
    setThemeId(task.themeId ?? '');
    setTopicId(task.topicId ?? '');
    setStatus(task.status);
  }, [existing.data]);

  const topics = themes.data?.find((th) => th.themeId === themeId)?.topics ?? [];
  const save = async () => {
    const input = {
      title: title.trim(),
      description: description.trim(),
      owner: owner.trim(),
      dueDate,
      platforms,
      noteIds: noteIds.map(Number),
      contentIds: contentIds
        .split(/[,，\s]+/)
        .map((s) => s.trim())
        .filter(Boolean),
      themeId: themeId ? Number(themeId) : null,
      topicId: topicId ? Number(topicId) : null,
      status,
    };
    await run(async () => {
      if (id) await taskListApi.update(id, input);
      else await taskListApi.create(input);
      Toast.success(t('saved'));
      await client.invalidateQueries({ queryKey: ['content-tasks'] });
      navigate('/modi-task-list');
    });
  };

  if (id && existing.isLoading) return <Spin />;
  if (id && existing.error) return <ErrorState error={existing.error} onRetry={() => existing.refetch()} />;
  if (id && existing.data === null)
    return (
      <EmptyState text={t('notFound')}>
        <Link to="/modi-task-list">{t('back')}</Link>
      </EmptyState>
    );
  return (
    <div className="themes-form" data-testid="task-form">
      <Link to="/modi-task-list">{t('back')}</Link>
      <h2>{t(id ? 'editTask' : 'newTask')}</h2>
      <Input value={title} onChange={setTitle} placeholder={t('taskTitle')} maxLength={200} />
      <TextArea value={description} onChange={setDescription} placeholder={t('description')} maxLength={5000} />
      <Input value={owner} onChange={setOwner} placeholder={t('owner')} maxLength={50} />
      <DatePicker
        value={dueDate ? new Date(dueDate.replace(/\//g, '-')) : undefined}
        format="yyyy/MM/dd"
        placeholder={t('dueDate')}
        onChange={(d) => setDueDate(d ? formatDate(d as Date) : '')}
      />
      <CheckboxGroup
        direction="horizontal"
        value={platforms}
        onChange={(v) => setPlatforms(v as ContentTaskInput['platforms'])}
        options={TASK_PLATFORMS.map((p) => ({ value: p, label: t(`platform_${p}`) }))}
      />
      <Select
        value={status}
        onChange={(v) => setStatus(v as ContentTaskStatus)}
        optionList={CONTENT_TASK_STATUSES.map((s) => ({ value: s, label: t(`status_${s}`) }))}
      />
      <Select
        value={themeId}
        onChange={(v) => {
          setThemeId(String(v ?? ''));
          setTopicId('');
        }}
        placeholder={t('theme')}
        optionList={[
          { value: '', label: t('none') },
          ...(themes.data ?? []).map((th) => ({ value: th.themeId, label: th.name })),
        ]}
      />
      <Select
        value={topicId}
        onChange={(v) => setTopicId(String(v ?? ''))}
        placeholder={t('topic')}
        disabled={!themeId}
        optionList={[{ value: '', label: t('none') }, ...topics.map((p) => ({ value: p.topicId, label: p.name }))]}
      />
      <Select
        multiple
        value={noteIds}
        onChange={(v) => setNoteIds((v as string[]) ?? [])}
        placeholder={t('notes')}
        filter
        optionList={(notes.data?.list ?? []).map((n) => ({ value: n.noteId, label: n.title }))}
      />
      <Input value={contentIds} onChange={setContentIds} placeholder={t('contentIds')} />
      <Button theme="solid" loading={busy} disabled={!title.trim()} onClick={save}>
        {t('save')}
      </Button>
    </div>
  );
}
