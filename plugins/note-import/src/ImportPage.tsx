import { defaultChoice, type FieldChoice, type FieldMeta } from '@productimage/plugin-shared';
import { FieldSelect, useErrorText, usePlugin } from '@productimage/plugin-shared/ui/index.ts';
import { useEffect, useState } from 'react';
import {
  type ImportNote,
  importNotes,
  MAP_KEYS,
  MAP_TYPES,
  type MapKey,
  type Mapping,
  MissingKeyFieldError,
  parseLinks,
} from './importNotes.ts';
import { imageFetcher, type NoteScope, notesFromHotLibrary, notesFromNoteBase, SourceMissingError } from './sources.ts';

type Source = 'mine' | 'public' | 'favorites' | 'hot' | 'links';

const LABEL: Record<MapKey, string> = {
  title: 'import.mapTitle',
  content: 'import.mapContent',
  images: 'import.mapImages',
  tags: 'import.mapTags',
  likes: 'import.mapLikes',
  collects: 'import.mapCollects',
  comments: 'import.mapComments',
  link: 'import.mapLink',
};

/**
 * Imports notes (the note bases, the hot library, or pasted links) into the current table: load,
 * map fields (missing ones are created), import in batches with progress; a re-import updates.
 */
export function ImportPage() {
  const { api, base, t } = usePlugin();
  const errorText = useErrorText();
  const [tableId, setTableId] = useState<string | null>(null);
  const [fields, setFields] = useState<FieldMeta[]>([]);
  const [mapping, setMapping] = useState<Mapping | null>(null);
  const [source, setSource] = useState<Source>('mine');
  const [links, setLinks] = useState('');
  const [notes, setNotes] = useState<ImportNote[] | null>(null);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);

  useEffect(() => {
    const load = async () => {
      const { tableId: id } = await base.selection();
      if (!id) return;
      const metas = await base.fields(id);
      setTableId(id);
      setFields(metas);
      setMapping(
        (current) =>
          current ??
          (Object.fromEntries(
            MAP_KEYS.map((key) => [
              key,
              defaultChoice(
                metas.filter((f) => MAP_TYPES[key].accept.includes(f.type)),
                [t(LABEL[key])],
              ),
            ]),
          ) as Mapping),
      );
    };
    void load().catch((e) => setMessage({ ok: false, text: errorText(e) }));
    return base.onSelectionChange(() => void load().catch(() => undefined));
  }, [base, t, errorText]);

  async function loadNotes() {
    setMessage(null);
    setNotes(null);
    setBusy(true);
    try {
      if (source === 'links') {
        const parsed = parseLinks(links);
        const firstBad = parsed.bad[0];
        if (firstBad)
          return setMessage({ ok: false, text: t('import.linkInvalid', { line: firstBad.line, text: firstBad.text }) });
        setNotes(parsed.notes);
      } else if (source === 'hot') setNotes(await notesFromHotLibrary(api));
      else setNotes(await notesFromNoteBase(api, source as NoteScope));
    } catch (e) {
      const sourceName = t(source === 'hot' ? 'import.sourceHotLibrary' : 'import.sourceNoteBase');
      setMessage({
        ok: false,
        text: e instanceof SourceMissingError ? t('errors.sourceMissing', { source: sourceName }) : errorText(e),
      });
    } finally {
      setBusy(false);
    }
  }

  async function start() {
    if (!tableId || !mapping || !notes?.length) return;
    setBusy(true);
    setMessage(null);
    try {
      const result = await importNotes(base, tableId, notes, mapping, {
        fetchImage: imageFetcher(api),
        onProgress: (done, total) => setProgress({ done, total }),
      });
      setFields(await base.fields(tableId));
      const done = t('import.done', { added: result.added, updated: result.updated });
      const skipped = result.imageFailures ? ` ${t('import.imageFailed', { count: result.imageFailures })}` : '';
      setMessage({ ok: true, text: done + skipped });
    } catch (e) {
      setMessage({ ok: false, text: e instanceof MissingKeyFieldError ? t('import.needKey') : errorText(e) });
    } finally {
      setBusy(false);
    }
  }

  if (!tableId || !mapping) return <p className="plugin-muted">{t('frame.noTable')}</p>;
  const set = (key: MapKey) => (choice: FieldChoice) => setMapping({ ...mapping, [key]: choice });
  return (
    <div className="plugin-stack" data-testid="note-import">
      <label>
        {t('import.source')}
        <select data-testid="import-source" value={source} onChange={(e) => setSource(e.target.value as Source)}>
          <option value="mine">{t('import.scopeMine')}</option>
          <option value="public">{t('import.scopePublic')}</option>
          <option value="favorites">{t('import.scopeFavorites')}</option>
          <option value="hot">{t('import.sourceHotLibrary')}</option>
          <option value="links">{t('import.sourceLinks')}</option>
        </select>
      </label>
      {source === 'links' && (
        <textarea
          data-testid="import-links"
          placeholder={t('import.linksPlaceholder')}
          value={links}
          onChange={(e) => setLinks(e.target.value)}
        />
      )}
      <button type="button" disabled={busy} onClick={() => void loadNotes()}>
        {t('import.loadNotes')}
      </button>
      {notes && (
        <p data-testid="import-count">{notes.length ? t('import.notesFound', { count: notes.length }) : t('import.noNotes')}</p>
      )}
      <h2>{t('import.mapping')}</h2>
      {MAP_KEYS.map((key) => (
        <FieldSelect
          key={key}
          label={t(LABEL[key])}
          testId={`map-${key}`}
          fields={fields}
          types={MAP_TYPES[key].accept}
          value={mapping[key]}
          newName={t(LABEL[key])}
          optional={key !== 'link'}
          onChange={set(key)}
        />
      ))}
      <button
        type="button"
        className="plugin-primary"
        data-testid="import-start"
        disabled={busy || !notes?.length}
        onClick={() => void start()}
      >
        {t('import.start')}
      </button>
      {progress && (
        <>
          <progress className="plugin-progress" max={progress.total} value={progress.done} />
          <p className="plugin-muted">{t('import.progress', progress)}</p>
        </>
      )}
      {message && (
        <p className={message.ok ? 'plugin-ok' : 'plugin-error'} role="status" data-testid="import-message">
          {message.text}
        </p>
      )}
    </div>
  );
}
