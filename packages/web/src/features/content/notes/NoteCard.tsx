import { IconStar, IconStarStroked } from '@douyinfe/semi-icons';
import { Button, Tag } from '@douyinfe/semi-ui-19';
import { formatDate } from '@productimage/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Note } from './notesApi.ts';

export function NoteCard({ note, base, onFavorite }: { note: Note; base: string; onFavorite: (note: Note) => void }) {
  const { t } = useTranslation('notes');
  return (
    <article className="notes-card" data-testid="note-card" data-note-id={note.noteId}>
      {note.images[0] && <img src={note.images[0]} alt="" loading="lazy" referrerPolicy="no-referrer" />}
      <div className="notes-card-body">
        <Link to={`${base}/${note.noteId}`} className="notes-card-title" data-testid="note-title-link">
          {note.title}
        </Link>
        <p className="notes-card-text">{note.content}</p>
        <div className="notes-card-meta">
          {note.tags.map((tag) => (
            <Tag key={tag} size="small">
              {tag}
            </Tag>
          ))}
          <small>
            {t('likes')} {note.metrics.likes} · {t('collects')} {note.metrics.collects} · {formatDate(note.createdAt)}
          </small>
          {!note.mine && <small>{t('byColleague')}</small>}
        </div>
      </div>
      <Button
        theme="borderless"
        icon={note.isFavorite ? <IconStar style={{ color: '#f5a623' }} /> : <IconStarStroked />}
        aria-label={t(note.isFavorite ? 'unfavorite' : 'favorite')}
        aria-pressed={note.isFavorite}
        onClick={() => onFavorite(note)}
        data-testid="note-favorite"
      />
    </article>
  );
}
