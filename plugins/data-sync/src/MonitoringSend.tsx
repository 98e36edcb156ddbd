import { formatDate } from '@productimage/core';
import { defaultChoice, type FieldChoice, type FieldMeta } from '@productimage/plugin-shared';
import { FieldSelect, useErrorText, usePlugin } from '@productimage/plugin-shared/ui/index.ts';
import { type ReactNode, useEffect, useState } from 'react';
import { MONITORING_COLUMNS, type MonitoringReport, monitoringFields, sendMonitoring } from './monitoring.ts';

/**
 * One way: the current table's post figures (one row per post and day) go to the team's KOS
 * monitoring (/kos-monitoring). Nothing is written back to the table.
 */
export function MonitoringSend({ picker }: { picker: ReactNode }) {
  const { api, base, t } = usePlugin();
  const errorText = useErrorText();
  const [tableId, setTableId] = useState<string | null>(null);
  const [fields, setFields] = useState<FieldMeta[]>([]);
  const [mapping, setMapping] = useState<Record<string, FieldChoice> | null>(null);
  const [running, setRunning] = useState(false);
  const [report, setReport] = useState<(MonitoringReport & { at: number }) | null>(null);
  const [error, setError] = useState<string | null>(null);
  const label = (key: string) => t(`sync.monitoring.columns.${key}`) as string;

  // biome-ignore lint/correctness/useExhaustiveDependencies: label follows t
  useEffect(() => {
    void (async () => {
      const { tableId: id } = await base.selection();
      if (!id) return;
      const metas = await base.fields(id);
      setTableId(id);
      setFields(metas);
      setReport(null);
      setMapping(
        Object.fromEntries(
          MONITORING_COLUMNS.map((c) => {
            const choice = defaultChoice(
              metas.filter((f) => c.types.includes(f.type)),
              [label(c.key), c.key],
            );
            // An optional column the table lacks stays unmapped (no empty field is added).
            return [c.key, choice.kind === 'create' && !c.required ? { kind: 'none' } : choice];
          }),
        ),
      );
    })().catch((e) => setError(errorText(e)));
  }, [base, t, errorText]);

  if (!tableId || !mapping) return <p className="plugin-muted">{error ?? t('frame.noTable')}</p>;

  async function send() {
    if (!tableId || !mapping) return;
    setRunning(true);
    setError(null);
    try {
      const chosen = await monitoringFields(base, tableId, mapping);
      setReport({ ...(await sendMonitoring(api, base, tableId, chosen)), at: Date.now() });
    } catch (e) {
      setError(errorText(e));
    } finally {
      setRunning(false);
    }
  }

  return (
    <div className="plugin-stack" data-testid="data-sync">
      {picker}
      <p className="plugin-muted">{t('sync.monitoring.intro')}</p>
      <div className="plugin-stack">
        {MONITORING_COLUMNS.map((c) => (
          <FieldSelect
            key={c.key}
            label={label(c.key)}
            fields={fields}
            types={c.types}
            value={mapping[c.key] ?? { kind: 'none' }}
            newName={label(c.key)}
            optional={!c.required}
            testId={`monitoring-map-${c.key}`}
            onChange={(choice) => setMapping({ ...mapping, [c.key]: choice })}
          />
        ))}
      </div>
      <button
        type="button"
        className="plugin-primary"
        data-testid="monitoring-send"
        disabled={running}
        onClick={() => void send()}
      >
        {running ? t('sync.running') : t('sync.monitoring.send')}
      </button>
      {error && (
        <p className="plugin-error" role="alert">
          {error}
        </p>
      )}
      {report && (
        <>
          <p data-testid="monitoring-report">
            {t('sync.monitoring.report', { imported: report.imported, newPosts: report.newPosts })}
          </p>
          <p className="plugin-muted">{t('sync.lastSync', { time: formatDate(report.at, true) })}</p>
          {report.skipped.length > 0 && (
            <p className="plugin-error" data-testid="monitoring-skipped">
              {t('sync.monitoring.skipped', {
                count: report.skipped.length,
                reasons: [...new Set(report.skipped.map((s) => t(`sync.monitoring.problems.${s.problem}`)))].join('; '),
              })}
            </p>
          )}
        </>
      )}
    </div>
  );
}
