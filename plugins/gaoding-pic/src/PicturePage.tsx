import { TASK_COSTS } from '@productimage/core';
import {
  allRecords,
  type BaseRecord,
  cellAttachments,
  defaultChoice,
  type FieldChoice,
  type FieldMeta,
  FieldType,
} from '@productimage/plugin-shared';
import { FieldSelect, useErrorText, usePlugin, useTableSelection } from '@productimage/plugin-shared/ui/index.ts';
import { useEffect, useMemo, useState } from 'react';
import {
  makePictures,
  type PictureMode,
  POSTER_LAYOUTS,
  type PosterLayout,
  preparePictureFields,
  RowSkipped,
} from './pictures.ts';
import { renderPoster } from './poster.ts';
import { cutoutTool, downloadAttachment, ToolFailed } from './toolService.ts';

type Which = 'selected' | 'empty';

/** Pictures for rows: posters laid out from title and text, or the cutout tool on an attachment. */
export function PicturePage() {
  const { api, base, t, language, refreshUser } = usePlugin();
  const errorText = useErrorText();
  const [mode, setMode] = useState<PictureMode>('poster');
  const [layout, setLayout] = useState<PosterLayout>('classic');
  const [choice, setChoice] = useState<Record<'title' | 'text' | 'source' | 'output', FieldChoice> | null>(null);
  const [which, setWhich] = useState<Which>('empty');
  const [cutoutReady, setCutoutReady] = useState<boolean | null>(null);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [busy, setBusy] = useState(false);
  const [messages, setMessages] = useState<Array<{ ok: boolean; text: string }>>([]);
  const tool = useMemo(() => cutoutTool(api, () => language), [api, language]);

  const { tableId, recordId, fields, reloadFields } = useTableSelection(
    (metas) => {
      const texts = metas.filter((f) => f.type === FieldType.Text);
      const files = metas.filter((f) => f.type === FieldType.Attachment);
      setChoice(
        (c) =>
          c ?? {
            title: defaultChoice(texts, ['标题', 'Title', texts[0]?.name ?? '']),
            text: defaultChoice(texts, ['正文', '内容', '文案', 'Content', 'Text']),
            source: files[0] ? { kind: 'existing', fieldId: files[0].id } : { kind: 'none' },
            output: defaultChoice(files, [t('pic.outputName')]),
          },
      );
    },
    (e) => setMessages([{ ok: false, text: errorText(e) }]),
  );
  useEffect(() => {
    void api
      .GET('/api/availability')
      .then((a) => setCutoutReady(a.bizTypes.includes('MATTING_IMAGE')))
      .catch(() => setCutoutReady(null));
  }, [api]);

  async function rowsToProcess(id: string, output: FieldMeta): Promise<BaseRecord[]> {
    if (which === 'selected') return recordId ? [await base.record(id, recordId)] : [];
    return (await allRecords(base, id)).filter((r) => cellAttachments(r.fields[output.id]).length === 0);
  }

  const reason = (error: unknown) =>
    error instanceof RowSkipped
      ? t(error.reason === 'noText' ? 'pic.noText' : 'pic.noImage')
      : error instanceof ToolFailed
        ? error.message
        : errorText(error);

  async function start() {
    if (!tableId || !choice) return;
    setBusy(true);
    setMessages([]);
    try {
      const prepared = await preparePictureFields(base, tableId, choice);
      const rows = await rowsToProcess(tableId, prepared.output);
      if (!rows.length) return setMessages([{ ok: false, text: t('pic.noRows') }]);
      setProgress({ done: 0, total: rows.length });
      const outcomes = await makePictures(
        base,
        tableId,
        rows,
        prepared,
        mode,
        layout,
        { poster: renderPoster, tool, download: downloadAttachment },
        (_, i) => setProgress({ done: i + 1, total: rows.length }),
      );
      const ok = outcomes.filter((o) => o.ok).length;
      setMessages([
        { ok: ok === outcomes.length, text: t('pic.done', { ok, failed: outcomes.length - ok }) },
        ...outcomes.flatMap((o, i) =>
          o.ok ? [] : [{ ok: false, text: t('pic.rowFailed', { index: i + 1, reason: reason(o.error) }) }],
        ),
      ]);
      await reloadFields();
      if (mode === 'cutout') await refreshUser();
    } catch (e) {
      setMessages([{ ok: false, text: errorText(e) }]);
    } finally {
      setBusy(false);
    }
  }

  if (!tableId || !choice) return <p className="plugin-muted">{t('frame.noTable')}</p>;
  const set = (key: keyof typeof choice) => (c: FieldChoice) => setChoice({ ...choice, [key]: c });
  const texts = [FieldType.Text];
  const files = [FieldType.Attachment];
  const cutoutBlocked = mode === 'cutout' && cutoutReady === false;
  return (
    <div className="plugin-stack" data-testid="gaoding-pic">
      <label>
        {t('pic.mode')}
        <select data-testid="pic-mode" value={mode} onChange={(e) => setMode(e.target.value as PictureMode)}>
          <option value="poster">{t('pic.modePoster')}</option>
          <option value="cutout">{t('pic.modeCutout')}</option>
        </select>
      </label>
      {mode === 'poster' ? (
        <>
          <label>
            {t('pic.layout')}
            <select value={layout} onChange={(e) => setLayout(e.target.value as PosterLayout)}>
              {POSTER_LAYOUTS.map((l) => (
                <option key={l} value={l}>
                  {t(`pic.layouts.${l}`)}
                </option>
              ))}
            </select>
          </label>
          <FieldSelect
            label={t('pic.titleField')}
            fields={fields}
            types={texts}
            value={choice.title}
            newName=""
            optional
            onChange={set('title')}
          />
          <FieldSelect
            label={t('pic.textField')}
            fields={fields}
            types={texts}
            value={choice.text}
            newName=""
            optional
            onChange={set('text')}
          />
        </>
      ) : (
        <>
          <FieldSelect
            label={t('pic.sourceField')}
            fields={fields}
            types={files}
            value={choice.source}
            newName=""
            optional
            onChange={set('source')}
          />
          <p className={cutoutBlocked ? 'plugin-error' : 'plugin-muted'}>
            {cutoutBlocked ? t('pic.cutoutMissing') : t('pic.cutoutCost', { points: TASK_COSTS.MATTING_IMAGE ?? 0 })}
          </p>
        </>
      )}
      <FieldSelect
        label={t('pic.outputField')}
        fields={fields}
        types={files}
        value={choice.output}
        newName={t('pic.outputName')}
        onChange={set('output')}
      />
      <label>
        {t('pic.rows')}
        <select value={which} onChange={(e) => setWhich(e.target.value as Which)}>
          <option value="empty">{t('pic.rowsEmpty')}</option>
          <option value="selected">{t('pic.rowsSelected')}</option>
        </select>
      </label>
      <button
        type="button"
        className="plugin-primary"
        data-testid="pic-start"
        disabled={busy || cutoutBlocked}
        onClick={() => void start()}
      >
        {t('pic.start')}
      </button>
      {progress && (
        <>
          <progress className="plugin-progress" max={progress.total} value={progress.done} />
          <p className="plugin-muted">{t('pic.running', progress)}</p>
        </>
      )}
      {messages.map((m, i) => (
        <p
          key={`${i}-${m.text}`}
          className={m.ok ? 'plugin-ok' : 'plugin-error'}
          role="status"
          data-testid={i === 0 ? 'pic-message' : undefined}
        >
          {m.text}
        </p>
      ))}
    </div>
  );
}
