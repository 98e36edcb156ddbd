import { formatDate } from '@productimage/core';
import { defaultChoice, type FieldChoice, type FieldMeta, FieldType } from '@productimage/plugin-shared';
import { FieldSelect, useErrorText, usePlugin } from '@productimage/plugin-shared/ui/index.ts';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { MonitoringSend } from './MonitoringSend.tsx';
import { apiNoteStore, apiTaskStore } from './stores.ts';
import {
  type Conflict,
  type ItemStore,
  type PendingDelete,
  prepareSyncFields,
  resolveConflict,
  resolveDelete,
  type SyncFields,
  type SyncMapping,
  type SyncReport,
  type SyncTarget,
  syncTable,
} from './sync.ts';

type Side = 'notes' | 'tasks' | 'monitoring';
const ACCEPT: Record<'text' | 'url', number[]> = { text: [FieldType.Text], url: [FieldType.Url, FieldType.Text] };
/** Table changes are gathered this long before a sync (typing in a cell fires many events). */
const AUTO_SYNC_DELAY_MS = 1500;

/**
 * Keeps the current table and the user's note base in step both ways: on demand and on the table's
 * record events; conflicts and deletions wait for the user's choice.
 */
export function SyncPage() {
  const { t } = usePlugin();
  const [side, setSide] = useState<Side>('notes');
  const picker = (
    <label>
      {t('sync.pair')}
      <select data-testid="sync-side" value={side} onChange={(e) => setSide(e.target.value as Side)}>
        <option value="notes">{t('sync.sides.notes')}</option>
        <option value="tasks">{t('sync.sides.tasks')}</option>
        <option value="monitoring">{t('sync.sides.monitoring')}</option>
      </select>
    </label>
  );
  return side === 'monitoring' ? <MonitoringSend picker={picker} /> : <TwoWaySync side={side} picker={picker} />;
}

/** The two-way sync of the table with the note base or the task list. */
function TwoWaySync({ side, picker }: { side: 'notes' | 'tasks'; picker: ReactNode }) {
  const { api, base, t } = usePlugin();
  const errorText = useErrorText();
  const store: ItemStore = useMemo(() => (side === 'tasks' ? apiTaskStore(api) : apiNoteStore(api)), [api, side]);
  const label = useCallback((key: string) => t(`sync.columns.${key}`) as string, [t]);
  const [tableId, setTableId] = useState<string | null>(null);
  const [fields, setFields] = useState<FieldMeta[]>([]);
  const [mapping, setMapping] = useState<SyncMapping | null>(null);
  const [auto, setAuto] = useState(true);
  const [running, setRunning] = useState(false);
  const [report, setReport] = useState<(SyncReport & { at: number }) | null>(null);
  const [error, setError] = useState<string | null>(null);
  const prepared = useRef<SyncFields | null>(null);
  const busy = useRef(false);
  const again = useRef<Set<string> | null>(null);

  useEffect(() => {
    void (async () => {
      const { tableId: id } = await base.selection();
      if (!id) return;
      const metas = await base.fields(id);
      setTableId(id);
      setFields(metas);
      prepared.current = null;
      setReport(null);
      setMapping(
        Object.fromEntries(
          store.columns.map((c) => [
            c.key,
            defaultChoice(
              metas.filter((f) => ACCEPT[c.url ? 'url' : 'text'].includes(f.type)),
              [label(c.key)],
            ),
          ]),
        ) as SyncMapping,
      );
    })().catch((e) => setError(errorText(e)));
  }, [base, store, label, errorText]);

  const target = (fields: SyncFields): SyncTarget => ({ base, tableId: tableId as string, fields, store, side });

  const run = useCallback(
    async (onlyRecords?: Set<string>) => {
      if (!tableId || !mapping) return;
      // One sync at a time; changes arriving meanwhile run once more afterwards.
      if (busy.current) {
        again.current = new Set([...(again.current ?? []), ...(onlyRecords ?? [])]);
        return;
      }
      busy.current = true;
      setRunning(true);
      setError(null);
      try {
        prepared.current ??= await prepareSyncFields(base, tableId, store, mapping, {
          id: t(`sync.idNames.${side}`),
          modified: t('sync.modifiedName'),
        });
        const result = await syncTable({ base, tableId, fields: prepared.current, store, side }, { onlyRecords });
        setReport({ ...result, at: Date.now() });
        setFields(await base.fields(tableId));
      } catch (e) {
        setError(errorText(e));
      } finally {
        busy.current = false;
        setRunning(false);
      }
      const queued = again.current;
      again.current = null;
      if (queued) await run(queued.size ? queued : undefined);
    },
    [tableId, mapping, base, store, side, t, errorText],
  );

  // Record events of the table (a user's edit, or our own writes, which then find nothing to do).
  // biome-ignore lint/correctness/useExhaustiveDependencies: `report` marks that the fields are prepared (first sync done)
  useEffect(() => {
    if (!tableId || !auto || !prepared.current) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const changed = new Set<string>();
    const stop = base.onRecordChange(tableId, (change) => {
      if (change.kind === 'delete') return; // deletions are found and asked about at the next sync
      for (const id of change.recordIds) changed.add(id);
      clearTimeout(timer);
      timer = setTimeout(() => {
        const ids = new Set(changed);
        changed.clear();
        void run(ids);
      }, AUTO_SYNC_DELAY_MS);
    });
    return () => {
      clearTimeout(timer);
      stop();
    };
  }, [base, tableId, auto, run, report]);

  async function answer(action: () => Promise<void>, drop: (r: SyncReport) => SyncReport) {
    try {
      await action();
      setReport((r) => (r ? { ...drop(r), at: r.at } : r));
    } catch (e) {
      setError(errorText(e));
    }
  }

  if (!tableId || !mapping) return <p className="plugin-muted">{error ?? t('frame.noTable')}</p>;
  const set = (key: string) => (choice: FieldChoice) => {
    prepared.current = null;
    setMapping({ ...mapping, [key]: choice });
  };
  const keepConflict = (c: Conflict, keep: 'table' | 'product') =>
    answer(
      () => resolveConflict(target(prepared.current as SyncFields), c, keep),
      (r) => ({ ...r, conflicts: r.conflicts.filter((x) => x !== c) }),
    );
  const settleDelete = (p: PendingDelete, remove: boolean) =>
    answer(
      () => resolveDelete(target(prepared.current as SyncFields), p, remove),
      (r) => ({ ...r, pendingDeletes: r.pendingDeletes.filter((x) => x !== p) }),
    );

  return (
    <div className="plugin-stack" data-testid="data-sync">
      {picker}
      <details>
        <summary>{t('sync.mapping')}</summary>
        <div className="plugin-stack">
          {store.columns.map((c) => (
            <FieldSelect
              key={c.key}
              label={label(c.key)}
              fields={fields}
              types={ACCEPT[c.url ? 'url' : 'text']}
              value={mapping[c.key] ?? { kind: 'none' }}
              newName={label(c.key)}
              optional={!c.required}
              onChange={set(c.key)}
            />
          ))}
        </div>
      </details>
      <label className="plugin-row">
        <input type="checkbox" checked={auto} onChange={(e) => setAuto(e.target.checked)} /> {t('sync.auto')}
      </label>
      <button type="button" className="plugin-primary" data-testid="sync-now" disabled={running} onClick={() => void run()}>
        {running ? t('sync.running') : t('sync.now')}
      </button>
      {error && (
        <p className="plugin-error" role="alert">
          {error}
        </p>
      )}
      {report && (
        <>
          <p data-testid="sync-report">
            {t('sync.report', {
              toProduct: report.toProduct,
              toTable: report.toTable,
              items: report.created.items,
              records: report.created.records,
            })}
          </p>
          <p className="plugin-muted">{t('sync.lastSync', { time: formatDate(report.at, true) })}</p>
          {report.errors.map((e) => (
            <p key={e.recordId} className="plugin-error">
              {t('sync.rowError', { title: e.title, error: errorText(e.error) })}
            </p>
          ))}
          {report.conflicts.length > 0 && (
            <section data-testid="sync-conflicts">
              <h2>{t('sync.conflicts')}</h2>
              {report.conflicts.map((c) => (
                <div key={c.recordId} className="plugin-card">
                  <p>
                    {c.table[store.columns[0]?.key ?? 'title']} ↔ {c.product[store.columns[0]?.key ?? 'title']}
                  </p>
                  <div className="plugin-row">
                    <button type="button" onClick={() => void keepConflict(c, 'table')}>
                      {t('sync.keepTable')}
                      {c.suggested === 'table' ? ` (${t('sync.suggested')})` : ''}
                    </button>
                    <button type="button" onClick={() => void keepConflict(c, 'product')}>
                      {t('sync.keepProduct')}
                      {c.suggested === 'product' ? ` (${t('sync.suggested')})` : ''}
                    </button>
                  </div>
                </div>
              ))}
            </section>
          )}
          {report.pendingDeletes.length > 0 && (
            <section data-testid="sync-deletes">
              <h2>{t('sync.deletes')}</h2>
              {report.pendingDeletes.map((p) => (
                <div key={`${p.side}:${p.recordId ?? p.itemId}`} className="plugin-card">
                  <p>{t(p.side === 'product' ? 'sync.deletedInTable' : 'sync.deletedInProduct', { title: p.title })}</p>
                  <div className="plugin-row">
                    <button type="button" className="plugin-danger" onClick={() => void settleDelete(p, true)}>
                      {t('sync.delete')}
                    </button>
                    <button type="button" onClick={() => void settleDelete(p, false)}>
                      {t('sync.keep')}
                    </button>
                  </div>
                </div>
              ))}
            </section>
          )}
        </>
      )}
    </div>
  );
}
