import {
  allRecords,
  type BaseAdapter,
  cellText,
  ensureFields,
  type FieldMeta,
  type Fields,
  FieldType,
  numberCell,
  type PluginApi,
  textCell,
  urlCell,
} from '@productimage/plugin-shared';

/** One hot item with its metrics, as it lands in a row. */
export interface HotRow {
  title: string;
  heat: number | null;
  likes: number | null;
  collects: number | null;
  comments: number | null;
  link: string;
  platform: string;
  source: string;
}

export const COLUMNS = ['title', 'heat', 'likes', 'collects', 'comments', 'link', 'platform', 'source', 'updated'] as const;
export type Column = (typeof COLUMNS)[number];
export const COLUMN_TYPES: Record<Column, number> = {
  title: FieldType.Text,
  heat: FieldType.Number,
  likes: FieldType.Number,
  collects: FieldType.Number,
  comments: FieldType.Number,
  link: FieldType.Url,
  platform: FieldType.Text,
  source: FieldType.Text,
  updated: FieldType.DateTime,
};

/** Heat as the feeds write it: 12345, "1.2万", "3亿", "98w". */
export function parseHeat(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  const match = String(value ?? '')
    .replace(/,/g, '')
    .match(/(\d+(?:\.\d+)?)\s*(万|w|亿)?/i);
  if (!match) return null;
  const unit = match[2]?.toLowerCase();
  const factor = unit === '亿' ? 1e8 : unit === '万' || unit === 'w' ? 1e4 : 1;
  return Math.round(Number(match[1]) * factor);
}

export const HOT_PLATFORMS = ['xiaohongshu', 'douyin', 'weibo', 'import'] as const;
export type HotSource = (typeof HOT_PLATFORMS)[number] | 'notes';

/**
 * The rows of a source: a hot list (GET /api/hotspots: title, heat, link) or the tenant's public
 * note base (GET /api/notes?scope=public: likes, collects, comments), up to 100 items.
 */
export async function loadHotRows(api: PluginApi, source: HotSource): Promise<HotRow[]> {
  if (source === 'notes') {
    const page = await api.GET('/api/notes', { params: { query: { scope: 'public', pageNum: 1, pageSize: 100 } } });
    return page.list.map((n) => ({
      title: n.title,
      heat: null,
      likes: n.metrics.likes,
      collects: n.metrics.collects,
      comments: n.metrics.comments,
      link: n.sourceUrl || new URL(`/productimage/modi-pub-note-base/${n.noteId}`, window.location.origin).toString(),
      platform: n.platform,
      source: 'notes',
    }));
  }
  const page = await api.GET('/api/hotspots', { params: { query: { platform: source, pageNum: 1, pageSize: 100 } } });
  return page.list.map((h) => ({
    title: h.title,
    heat: parseHeat(h.hot),
    likes: null,
    collects: null,
    comments: null,
    link: h.url ?? '',
    platform: h.platform,
    source: h.source,
  }));
}

/** The key a row is found by on a re-import: its link, else platform and title. */
const keyOf = (link: string, platform: string, title: string) => link.trim() || `${platform}:${title}`;

/**
 * Writes hot rows into a table (fields created when missing); rows already there (same link, or
 * same platform and title) get their metrics updated, so the table follows the list over time.
 */
export async function importHotRows(
  base: BaseAdapter,
  tableId: string,
  rows: HotRow[],
  names: Record<Column, string>,
  now = Date.now(),
  onProgress?: (done: number, total: number) => void,
): Promise<{ added: number; updated: number }> {
  const fields = (await ensureFields(
    base,
    tableId,
    Object.fromEntries(COLUMNS.map((c) => [c, { choice: { kind: 'create', name: names[c] }, type: COLUMN_TYPES[c] }])) as Record<
      Column,
      { choice: { kind: 'create'; name: string }; type: number }
    >,
  )) as Record<Column, FieldMeta>;
  const existing = new Map<string, string>();
  for (const record of await allRecords(base, tableId)) {
    const key = keyOf(
      cellText(record.fields[fields.link.id]),
      cellText(record.fields[fields.platform.id]),
      cellText(record.fields[fields.title.id]),
    );
    existing.set(key, record.recordId);
  }
  const cells = (row: HotRow): Fields => ({
    [fields.title.id]: textCell(row.title),
    [fields.heat.id]: row.heat,
    [fields.likes.id]: numberCell(row.likes),
    [fields.collects.id]: numberCell(row.collects),
    [fields.comments.id]: numberCell(row.comments),
    [fields.link.id]: fields.link.type === FieldType.Url ? urlCell(row.link) : textCell(row.link),
    [fields.platform.id]: textCell(row.platform),
    [fields.source.id]: textCell(row.source),
    [fields.updated.id]: now,
  });
  let added = 0;
  let updated = 0;
  const BATCH = 50;
  for (let start = 0; start < rows.length; start += BATCH) {
    const batch = rows.slice(start, start + BATCH);
    const adds: Array<{ key: string; fields: Fields }> = [];
    const sets: Array<{ recordId: string; fields: Fields }> = [];
    for (const row of batch) {
      const key = keyOf(row.link, row.platform, row.title);
      const recordId = existing.get(key);
      if (recordId) sets.push({ recordId, fields: cells(row) });
      else if (!adds.some((a) => a.key === key)) adds.push({ key, fields: cells(row) });
    }
    const ids = await base.addRecords(
      tableId,
      adds.map((a) => a.fields),
    );
    adds.forEach((a, i) => {
      if (ids[i]) existing.set(a.key, ids[i] as string);
    });
    await base.setRecords(tableId, sets);
    added += adds.length;
    updated += sets.length;
    onProgress?.(Math.min(start + BATCH, rows.length), rows.length);
  }
  return { added, updated };
}
