import type { ApiBody } from '@productimage/core';
import { formatDate, kosCountOf, kosDayOf, kosPlatformOf } from '@productimage/core';
import {
  allRecords,
  type BaseAdapter,
  type BaseRecord,
  cellText,
  ensureFields,
  type FieldChoice,
  type FieldMeta,
  FieldType,
  type PluginApi,
} from '@productimage/plugin-shared';

type SyncBody = ApiBody<'post', '/api/kos/monitoring/sync'>;
export type MonitoringRow = SyncBody['rows'][number];

/** One column of a monitoring table: its key in the reading and the field types it may be read from. */
export interface MonitoringColumn {
  key: 'platform' | 'handle' | 'day' | 'postKey' | 'title' | 'url' | 'views' | 'likes' | 'comments' | 'shares';
  types: number[];
  required?: boolean;
}

const TEXTISH = [FieldType.Text, FieldType.SingleSelect];
const NUMBERISH = [FieldType.Number, FieldType.Text];
/** What the KOS monitoring reads (docs/kos.md "From the Base plugins"). */
export const MONITORING_COLUMNS: MonitoringColumn[] = [
  { key: 'platform', types: TEXTISH, required: true },
  { key: 'handle', types: [FieldType.Text], required: true },
  { key: 'day', types: [FieldType.DateTime, FieldType.Text], required: true },
  { key: 'postKey', types: [FieldType.Text] },
  { key: 'title', types: [FieldType.Text] },
  { key: 'url', types: [FieldType.Url, FieldType.Text] },
  { key: 'views', types: NUMBERISH },
  { key: 'likes', types: NUMBERISH },
  { key: 'comments', types: NUMBERISH },
  { key: 'shares', types: NUMBERISH },
];

/** The server takes at most this many readings per request. */
export const MONITORING_BATCH = 5000;

/** A day cell (a Base date, or text as YYYY/MM/DD, YYYY-MM-DD, YYYY.MM.DD) as YYYY/MM/DD; null otherwise. */
export function dayOfCell(value: unknown): string | null {
  if (typeof value === 'number') return Number.isFinite(value) ? formatDate(value) : null;
  return kosDayOf(cellText(value as never));
}

export type MonitoringFields = Record<MonitoringColumn['key'], FieldMeta | null>;
/** Why a row was left out (a key under sync.monitoring.problems). */
export type RowProblem = 'platform' | 'handle' | 'day' | 'post' | 'count';

/** The fields the user chose (one chosen as new is created, empty: its rows are then left out). */
export async function monitoringFields(
  base: BaseAdapter,
  tableId: string,
  mapping: Record<string, FieldChoice>,
): Promise<MonitoringFields> {
  const specs = Object.fromEntries(
    MONITORING_COLUMNS.map((c) => [c.key, { choice: mapping[c.key] ?? { kind: 'none' }, type: c.types[0] as number }]),
  ) as Record<MonitoringColumn['key'], { choice: FieldChoice; type: number }>;
  const fields = await ensureFields(base, tableId, specs);
  if (MONITORING_COLUMNS.some((c) => c.required && !fields[c.key])) throw new Error('the required fields are missing');
  return fields;
}

/** One record as a reading, or the reason it cannot be one. */
export function recordReading(record: BaseRecord, fields: MonitoringFields): MonitoringRow | RowProblem {
  const raw = (key: MonitoringColumn['key']) => {
    const f = fields[key];
    return f ? record.fields[f.id] : undefined;
  };
  const text = (key: MonitoringColumn['key']) => cellText(raw(key)).trim();
  const platform = kosPlatformOf(text('platform'));
  if (!platform) return 'platform';
  const handle = text('handle').replace(/^@/, '');
  if (!handle) return 'handle';
  const day = dayOfCell(raw('day'));
  if (!day) return 'day';
  const postKey = text('postKey').slice(0, 200);
  const title = text('title').slice(0, 300);
  const url = text('url').slice(0, 1000);
  if (!postKey && !title && !url) return 'post';
  const counts = {} as Record<'views' | 'likes' | 'comments' | 'shares', number>;
  for (const key of ['views', 'likes', 'comments', 'shares'] as const) {
    const n = kosCountOf(text(key));
    if (n === null) return 'count';
    counts[key] = n;
  }
  return { platform, handle: handle.slice(0, 100), day, postKey, title, url, publishedDay: '', ...counts };
}

export interface MonitoringReport {
  /** Readings the server stored (new or replacing the same post's reading of that day). */
  imported: number;
  newPosts: number;
  /** Rows left out, with their reason; empty rows are not counted. */
  skipped: Array<{ recordId: string; problem: RowProblem }>;
}

/**
 * Sends every row of the table to the KOS monitoring, one way (POST /api/kos/monitoring/sync, in
 * batches the server accepts). Sending again is harmless: a post's reading of a day replaces the one
 * sent before. Rows that are not a reading are listed and left out; empty rows are ignored.
 */
export async function sendMonitoring(
  api: PluginApi,
  base: BaseAdapter,
  tableId: string,
  fields: MonitoringFields,
): Promise<MonitoringReport> {
  const report: MonitoringReport = { imported: 0, newPosts: 0, skipped: [] };
  const rows: MonitoringRow[] = [];
  for (const record of await allRecords(base, tableId)) {
    const empty = MONITORING_COLUMNS.every((c) => {
      const f = fields[c.key];
      return !f || !cellText(record.fields[f.id]).trim();
    });
    if (empty) continue;
    const reading = recordReading(record, fields);
    if (typeof reading === 'string') report.skipped.push({ recordId: record.recordId, problem: reading });
    else rows.push(reading);
  }
  for (let i = 0; i < rows.length; i += MONITORING_BATCH) {
    const answer = await api.POST('/api/kos/monitoring/sync', { body: { rows: rows.slice(i, i + MONITORING_BATCH) } });
    report.imported += answer.imported;
    report.newPosts += answer.newPosts;
  }
  return report;
}
