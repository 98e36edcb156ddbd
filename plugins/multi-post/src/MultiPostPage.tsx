import { CONTENT_COST_PER_PLATFORM, PLATFORMS, type Platform } from '@productimage/core';
import { allRecords, type BaseRecord, cellText, defaultChoice, type FieldChoice, FieldType } from '@productimage/plugin-shared';
import { FieldSelect, useErrorText, usePlugin, useTableSelection } from '@productimage/plugin-shared/ui/index.ts';
import { useEffect, useMemo, useState } from 'react';
import { apiContentService } from './contentService.ts';
import { EmptyRowError, generateRows, preparePostFields } from './multiPost.ts';

type Which = 'selected' | 'pending';

/** Select rows and generate platform versions of each with the content engine, per-row status. */
export function MultiPostPage() {
  const { api, base, t, language, refreshUser } = usePlugin();
  const errorText = useErrorText();
  const service = useMemo(() => apiContentService(api, () => language), [api, language]);
  const [titleChoice, setTitleChoice] = useState<FieldChoice>({ kind: 'none' });
  const [sourceChoice, setSourceChoice] = useState<FieldChoice | null>(null);
  const [platforms, setPlatforms] = useState<Platform[]>(['xiaohongshu', 'douyin']);
  const [which, setWhich] = useState<Which>('pending');
  const [keep, setKeep] = useState(false);
  const [overrideCompliance, setOverrideCompliance] = useState(false);
  const [engine, setEngine] = useState<string | null>(null);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);

  const { tableId, recordId, fields, reloadFields } = useTableSelection(
    (metas) => {
      const texts = metas.filter((f) => f.type === FieldType.Text);
      setSourceChoice((c) => c ?? defaultChoice(texts, ['文案', '内容', '正文', 'Content', 'Text', texts[0]?.name ?? '']));
    },
    (e) => setMessage({ ok: false, text: errorText(e) }),
  );
  useEffect(() => {
    void api
      .GET('/api/marketing/engine')
      .then((e) => setEngine(e.engine))
      .catch(() => setEngine(null));
  }, [api]);

  const statusName = t('multiPost.statusName');
  const fieldName = (p: Platform) => t('multiPost.fieldName', { platform: t(`multiPost.platformNames.${p}`) });

  async function rowsToProcess(id: string): Promise<BaseRecord[]> {
    if (which === 'selected') return recordId ? [await base.record(id, recordId)] : [];
    const status = fields.find((f) => f.name === statusName);
    const done = t('multiPost.statusDone');
    return (await allRecords(base, id)).filter((r) => !status || cellText(r.fields[status.id]) !== done);
  }

  async function start() {
    if (!tableId || !sourceChoice || !platforms.length) return;
    setBusy(true);
    setMessage(null);
    try {
      const rows = await rowsToProcess(tableId);
      if (!rows.length) return setMessage({ ok: false, text: t('multiPost.noRows') });
      const prepared = await preparePostFields(base, tableId, { title: titleChoice, source: sourceChoice }, platforms, {
        status: statusName,
        platform: fieldName,
      });
      setProgress({ done: 0, total: rows.length });
      const outcomes = await generateRows(base, tableId, rows, prepared, platforms, service, {
        keepInProduct: keep,
        explain: (e) => (e instanceof EmptyRowError ? t('multiPost.emptyRow') : errorText(e)),
        overrideCompliance,
        statusText: ({ ok, error, failed, blocked }) =>
          ok
            ? t('multiPost.statusDone')
            : blocked?.length
              ? t('multiPost.statusBlocked', { words: blocked.join(', ') })
              : failed?.length
                ? t('multiPost.statusPartial', { platforms: failed.map((p) => t(`multiPost.platformNames.${p}`)).join(', ') })
                : t('multiPost.statusFailed', { error }),
        onRow: (_, i) => setProgress({ done: i + 1, total: rows.length }),
      });
      const ok = outcomes.filter((o) => o.ok).length;
      setMessage({ ok: ok === outcomes.length, text: t('multiPost.done', { ok, failed: outcomes.length - ok }) });
      await reloadFields();
      await refreshUser();
    } catch (e) {
      setMessage({ ok: false, text: errorText(e) });
    } finally {
      setBusy(false);
    }
  }

  if (!tableId || !sourceChoice) return <p className="plugin-muted">{t('frame.noTable')}</p>;
  const texts = [FieldType.Text];
  return (
    <div className="plugin-stack" data-testid="multi-post">
      <FieldSelect
        label={t('multiPost.sourceField')}
        testId="source-field"
        fields={fields}
        types={texts}
        value={sourceChoice}
        newName=""
        onChange={setSourceChoice}
      />
      <FieldSelect
        label={t('multiPost.titleField')}
        fields={fields}
        types={texts}
        value={titleChoice}
        newName=""
        optional
        onChange={setTitleChoice}
      />
      <fieldset className="plugin-row">
        <legend>{t('multiPost.platforms')}</legend>
        {PLATFORMS.map((p) => (
          <label key={p} className="plugin-row">
            <input
              type="checkbox"
              checked={platforms.includes(p)}
              onChange={(e) => setPlatforms((list) => (e.target.checked ? [...list, p] : list.filter((x) => x !== p)))}
            />
            {t(`multiPost.platformNames.${p}`)}
          </label>
        ))}
      </fieldset>
      <label>
        {t('multiPost.rows')}
        <select data-testid="multi-rows" value={which} onChange={(e) => setWhich(e.target.value as Which)}>
          <option value="pending">{t('multiPost.rowsPending')}</option>
          <option value="selected">{t('multiPost.rowsSelected')}</option>
        </select>
      </label>
      {engine === 'offline-writer' ? (
        <p className="plugin-muted" data-testid="multi-engine">
          {t('multiPost.offline')}
        </p>
      ) : (
        <p className="plugin-muted">
          {t('multiPost.cost', { points: platforms.length * CONTENT_COST_PER_PLATFORM, each: CONTENT_COST_PER_PLATFORM })}
        </p>
      )}
      <label className="plugin-row">
        <input type="checkbox" checked={keep} onChange={(e) => setKeep(e.target.checked)} /> {t('multiPost.keep')}
      </label>
      <label className="plugin-row">
        <input
          type="checkbox"
          checked={overrideCompliance}
          onChange={(e) => setOverrideCompliance(e.target.checked)}
          data-testid="override-compliance"
        />{' '}
        {t('multiPost.overrideCompliance')}
      </label>
      <button
        type="button"
        className="plugin-primary"
        data-testid="multi-start"
        disabled={busy || !platforms.length}
        onClick={() => void start()}
      >
        {t('multiPost.start')}
      </button>
      {progress && (
        <>
          <progress className="plugin-progress" max={progress.total} value={progress.done} />
          <p className="plugin-muted">{t('multiPost.running', progress)}</p>
        </>
      )}
      {message && (
        <p className={message.ok ? 'plugin-ok' : 'plugin-error'} role="status" data-testid="multi-message">
          {message.text}
        </p>
      )}
    </div>
  );
}
