import { Checkbox, Input, InputNumber, Modal, TextArea, Toast } from '@douyinfe/semi-ui-19';
import { errorText } from '@productimage/kit';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Note, type NoteInput, notesApi } from './notesApi.ts';

const METRICS = ['likes', 'collects', 'comments', 'shares'] as const;

/** Create or edit a note; on a server refusal the dialog keeps what was typed. */
export function NoteForm({ note, onClose, onSaved }: { note?: Note; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation(['notes', 'common']);
  const [title, setTitle] = useState(note?.title ?? '');
  const [content, setContent] = useState(note?.content ?? '');
  const [tags, setTags] = useState(note?.tags.join(', ') ?? '');
  const [sourceUrl, setSourceUrl] = useState(note?.sourceUrl ?? '');
  const [platform, setPlatform] = useState(note?.platform ?? '');
  const [images, setImages] = useState(note?.images.join('\n') ?? '');
  const [metrics, setMetrics] = useState(note?.metrics ?? { likes: 0, collects: 0, comments: 0, shares: 0 });
  const [isPublic, setIsPublic] = useState(note?.isPublic ?? false);
  const [busy, setBusy] = useState(false);

  const save = async () => {
    const input: NoteInput = {
      title: title.trim(),
      content,
      tags: tags
        .split(/[,，]/)
        .map((s) => s.trim())
        .filter(Boolean),
      sourceUrl: sourceUrl.trim(),
      platform: platform.trim(),
      images: images
        .split('\n')
        .map((s) => s.trim())
        .filter(Boolean),
      metrics,
      isPublic,
    };
    setBusy(true);
    try {
      if (note) await notesApi.update(note.noteId, input);
      else await notesApi.create(input);
      Toast.success(t('saved'));
      onSaved();
      onClose();
    } catch (error) {
      Toast.error(errorText(error, t));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      title={t(note ? 'editNote' : 'newNote')}
      visible
      onCancel={onClose}
      onOk={save}
      okText={t('save')}
      okButtonProps={{ disabled: !title.trim(), loading: busy, 'data-testid': 'note-save' } as object}
    >
      <div className="notes-form">
        <Input value={title} onChange={setTitle} placeholder={t('title')} maxLength={200} data-testid="note-title" />
        <TextArea
          value={content}
          onChange={setContent}
          placeholder={t('content')}
          rows={6}
          maxLength={20000}
          data-testid="note-content"
        />
        <Input value={tags} onChange={setTags} placeholder={t('tags')} />
        <Input value={sourceUrl} onChange={setSourceUrl} placeholder={t('sourceUrl')} />
        <Input value={platform} onChange={setPlatform} placeholder={t('platform')} maxLength={30} />
        <TextArea value={images} onChange={setImages} placeholder={t('images')} rows={2} />
        <div className="notes-metrics">
          {METRICS.map((m) => (
            <div key={m}>
              <span>{t(m)}</span>
              <InputNumber
                aria-label={t(m)}
                min={0}
                value={metrics[m]}
                onChange={(v) => setMetrics({ ...metrics, [m]: Number(v) || 0 })}
              />
            </div>
          ))}
        </div>
        <Checkbox checked={isPublic} onChange={(e) => setIsPublic(!!e.target.checked)} data-testid="note-public">
          {t('isPublic')}
        </Checkbox>
      </div>
    </Modal>
  );
}
