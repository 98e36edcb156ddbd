import { Checkbox, Input, InputNumber, TextArea } from '@douyinfe/semi-ui-19';
import { useTranslation } from 'react-i18next';
import { FormModal, splitList, useFormFields } from '../../../shared/FormModal.tsx';
import { type Note, type NoteInput, notesApi } from './notesApi.ts';

const METRICS = ['likes', 'collects', 'comments', 'shares'] as const;

/** Create or edit a note; on a server refusal the dialog keeps what was typed. */
export function NoteForm({ note, onClose, onSaved }: { note?: Note; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation(['notes', 'common']);
  const [form, set, bind] = useFormFields({
    title: note?.title ?? '',
    content: note?.content ?? '',
    tags: note?.tags.join(', ') ?? '',
    sourceUrl: note?.sourceUrl ?? '',
    platform: note?.platform ?? '',
    images: note?.images.join('\n') ?? '',
    metrics: note?.metrics ?? { likes: 0, collects: 0, comments: 0, shares: 0 },
    isPublic: note?.isPublic ?? false,
  });

  const save = async () => {
    const input: NoteInput = {
      title: form.title.trim(),
      content: form.content,
      tags: splitList(form.tags, /[,，]/),
      sourceUrl: form.sourceUrl.trim(),
      platform: form.platform.trim(),
      images: splitList(form.images),
      metrics: form.metrics,
      isPublic: form.isPublic,
    };
    if (note) await notesApi.update(note.noteId, input);
    else await notesApi.create(input);
  };

  return (
    <FormModal
      title={t(note ? 'editNote' : 'newNote')}
      onClose={onClose}
      onSubmit={save}
      onSaved={onSaved}
      successText={t('saved')}
      okText={t('save')}
      canSubmit={!!form.title.trim()}
      okTestId="note-save"
    >
      <Input {...bind('title')} placeholder={t('title')} maxLength={200} data-testid="note-title" />
      <TextArea {...bind('content')} placeholder={t('content')} rows={6} maxLength={20000} data-testid="note-content" />
      <Input {...bind('tags')} placeholder={t('tags')} />
      <Input {...bind('sourceUrl')} placeholder={t('sourceUrl')} />
      <Input {...bind('platform')} placeholder={t('platform')} maxLength={30} />
      <TextArea {...bind('images')} placeholder={t('images')} rows={2} />
      <div className="notes-metrics">
        {METRICS.map((m) => (
          <div key={m}>
            <span>{t(m)}</span>
            <InputNumber
              aria-label={t(m)}
              min={0}
              value={form.metrics[m]}
              onChange={(v) => set('metrics', { ...form.metrics, [m]: Number(v) || 0 })}
            />
          </div>
        ))}
      </div>
      <Checkbox checked={form.isPublic} onChange={(e) => set('isPublic', !!e.target.checked)} data-testid="note-public">
        {t('isPublic')}
      </Checkbox>
    </FormModal>
  );
}
