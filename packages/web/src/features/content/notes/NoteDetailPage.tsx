import { Button, Popconfirm, Spin, Tag, Toast } from '@douyinfe/semi-ui-19';
import { formatDate } from '@productimage/core';
import { EmptyState, ErrorState } from '@productimage/kit';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { NoteForm } from './NoteForm.tsx';
import { notesApi } from './notesApi.ts';
import '../../../shared/listPage.css';
import './notes.css';
import { useAction } from '../../../shared/useAction.ts';

/** /modi-note-base/:id and /modi-pub-note-base/:id. */
export default function NoteDetailPage() {
  const { t } = useTranslation(['notes', 'common']);
  const runAction = useAction();
  const { id = '' } = useParams();
  const { pathname } = useLocation();
  const base = pathname.startsWith('/modi-pub-note-base') ? '/modi-pub-note-base' : '/modi-note-base';
  const navigate = useNavigate();
  const client = useQueryClient();
  const [editing, setEditing] = useState(false);
  const note = useQuery({ queryKey: ['notes', id], queryFn: () => notesApi.find(id) });

  const act = async (fn: () => Promise<unknown>, done?: string) => {
    await runAction(async () => {
      await fn();
      if (done) Toast.success(done);
      await client.invalidateQueries({ queryKey: ['notes', id] });
    });
  };

  if (note.isLoading) return <Spin />;
  if (note.error) return <ErrorState error={note.error} onRetry={() => note.refetch()} />;
  if (!note.data)
    return (
      <EmptyState text={t('notFound')} testId="note-not-found">
        <Link to={base}>{t('back')}</Link>
      </EmptyState>
    );
  const n = note.data;
  return (
    <div className="notes-detail" data-testid="note-detail">
      <Link to={base}>{t('back')}</Link>
      <h2>{n.title}</h2>
      <small>{t('createdAt', { date: formatDate(n.createdAt) })}</small>
      <div>
        {n.tags.map((tag) => (
          <Tag key={tag}>{tag}</Tag>
        ))}
      </div>
      <div>
        {n.images.map((src) => (
          <img key={src} src={src} alt="" referrerPolicy="no-referrer" />
        ))}
      </div>
      <pre>{n.content}</pre>
      <small>
        {t('likes')} {n.metrics.likes} · {t('collects')} {n.metrics.collects} · {t('comments')} {n.metrics.comments} ·{' '}
        {t('shares')} {n.metrics.shares}
      </small>
      {n.sourceUrl && (
        <a href={n.sourceUrl} target="_blank" rel="noopener noreferrer">
          {t('openSource')}
        </a>
      )}
      <div className="list-page-toolbar">
        <Button onClick={() => act(() => notesApi.favorite(n.noteId, !n.isFavorite))} data-testid="note-detail-favorite">
          {t(n.isFavorite ? 'unfavorite' : 'favorite')}
        </Button>
        <Button onClick={() => act(() => notesApi.toHotLibrary([n.noteId]), t('addedToHotLibrary'))}>{t('toHotLibrary')}</Button>
        {n.mine && <Button onClick={() => setEditing(true)}>{t('editNote')}</Button>}
        {n.mine && (
          <Popconfirm
            title={t('deleteConfirm')}
            onConfirm={async () => {
              await runAction(async () => {
                await notesApi.remove(n.noteId);
                Toast.success(t('common:deleted'));
                navigate(base);
              });
            }}
          >
            <Button type="danger">{t('delete')}</Button>
          </Popconfirm>
        )}
      </div>
      {editing && <NoteForm note={n} onClose={() => setEditing(false)} onSaved={() => note.refetch()} />}
    </div>
  );
}
