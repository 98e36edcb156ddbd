import {
  allRecords,
  attachmentCell,
  type BaseAdapter,
  cellText,
  ensureFields,
  type FieldChoice,
  type FieldMeta,
  type Fields,
  FieldType,
  numberCell,
  textCell,
  urlCell,
  valueForField,
} from '@productimage/plugin-shared';

/** One note to put into the table, whatever its source. */
export interface ImportNote {
  title: string;
  content: string;
  /** Image URLs (the product's /files/... or http(s)). */
  images: string[];
  tags: string[];
  likes?: number;
  collects?: number;
  comments?: number;
  /** The note's link: its source page, or its page in the product. Re-imports match on it. */
  link: string;
}

export const MAP_KEYS = ['title', 'content', 'images', 'tags', 'likes', 'collects', 'comments', 'link'] as const;
export type MapKey = (typeof MAP_KEYS)[number];

/** The type a created field gets, and the types an existing field may have, per value. */
export const MAP_TYPES: Record<MapKey, { create: number; accept: number[] }> = {
  title: { create: FieldType.Text, accept: [FieldType.Text] },
  content: { create: FieldType.Text, accept: [FieldType.Text] },
  images: { create: FieldType.Attachment, accept: [FieldType.Attachment] },
  tags: { create: FieldType.Text, accept: [FieldType.Text] },
  likes: { create: FieldType.Number, accept: [FieldType.Number] },
  collects: { create: FieldType.Number, accept: [FieldType.Number] },
  comments: { create: FieldType.Number, accept: [FieldType.Number] },
  link: { create: FieldType.Url, accept: [FieldType.Url, FieldType.Text] },
};

export type Mapping = Record<MapKey, FieldChoice>;

export interface ImportResult {
  added: number;
  updated: number;
  imageFailures: number;
}

export interface ImportOptions {
  /** Downloads one image as a File, or null when it cannot be fetched. */
  fetchImage(url: string): Promise<File | null>;
  batchSize?: number;
  onProgress?(done: number, total: number): void;
}

export class MissingKeyFieldError extends Error {
  constructor() {
    super('import.needKey');
  }
}

/**
 * Imports notes into a table in batches: creates the missing fields with their types, uploads the
 * images to the Base (batchUploadFile) as attachments, adds new records and updates the records
 * whose link matches (a re-import never duplicates). A failed image is skipped and counted.
 */
export async function importNotes(
  base: BaseAdapter,
  tableId: string,
  notes: ImportNote[],
  mapping: Mapping,
  options: ImportOptions,
): Promise<ImportResult> {
  if (mapping.link.kind === 'none') throw new MissingKeyFieldError();
  const specs = Object.fromEntries(MAP_KEYS.map((key) => [key, { choice: mapping[key], type: MAP_TYPES[key].create }])) as Record<
    MapKey,
    { choice: FieldChoice; type: number }
  >;
  const fields = await ensureFields(base, tableId, specs);
  const linkField = fields.link as FieldMeta;
  const existing = new Map<string, string>();
  for (const record of await allRecords(base, tableId)) {
    const link = cellText(record.fields[linkField.id]).trim();
    if (link && !existing.has(link)) existing.set(link, record.recordId);
  }

  // One row per link: the same note twice in one import is written once (the later copy wins).
  const unique = [...new Map(notes.map((n) => [n.link.trim(), n] as const)).values()];
  const batchSize = options.batchSize ?? 20;
  const result: ImportResult = { added: 0, updated: 0, imageFailures: 0 };
  options.onProgress?.(0, unique.length);
  for (let start = 0; start < unique.length; start += batchSize) {
    const batch = unique.slice(start, start + batchSize);
    const rows: Fields[] = [];
    for (const note of batch) rows.push(await rowOf(base, note, fields, options, result));
    const adds: Array<{ link: string; fields: Fields }> = [];
    const sets: Array<{ recordId: string; fields: Fields }> = [];
    batch.forEach((note, i) => {
      const link = note.link.trim();
      const recordId = existing.get(link);
      if (recordId) sets.push({ recordId, fields: rows[i] as Fields });
      else adds.push({ link, fields: rows[i] as Fields });
    });
    const ids = await base.addRecords(
      tableId,
      adds.map((a) => a.fields),
    );
    adds.forEach((a, i) => {
      if (ids[i]) existing.set(a.link, ids[i] as string);
    });
    await base.setRecords(tableId, sets);
    result.added += adds.length;
    result.updated += sets.length;
    options.onProgress?.(start + batch.length, unique.length);
  }
  return result;
}

async function rowOf(
  base: BaseAdapter,
  note: ImportNote,
  fields: Record<MapKey, FieldMeta | null>,
  options: ImportOptions,
  result: ImportResult,
): Promise<Fields> {
  const row: Fields = {};
  const put = (key: MapKey, text: string) => {
    const field = fields[key];
    if (field) row[field.id] = valueForField(field, text) ?? textCell(text);
  };
  put('title', note.title);
  put('content', note.content);
  put('tags', note.tags.join(', '));
  for (const key of ['likes', 'collects', 'comments'] as const) {
    const field = fields[key];
    if (field) row[field.id] = numberCell(note[key]);
  }
  const link = fields.link;
  if (link) row[link.id] = link.type === FieldType.Url ? urlCell(note.link) : textCell(note.link);
  const images = fields.images;
  if (images && note.images.length) {
    const files: File[] = [];
    for (const url of note.images) {
      const file = await options.fetchImage(url).catch(() => null);
      if (file) files.push(file);
      else result.imageFailures += 1;
    }
    const tokens = await base.uploadFiles(files);
    row[images.id] = attachmentCell(files, tokens);
  }
  return row;
}

/** Parses pasted lines: a link, or "title<TAB>link"; answers the notes and the bad lines. */
export function parseLinks(text: string): { notes: ImportNote[]; bad: Array<{ line: number; text: string }> } {
  const notes: ImportNote[] = [];
  const bad: Array<{ line: number; text: string }> = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = raw.trim();
    if (!line) return;
    const [first, second] = line.split('\t').map((s) => s.trim());
    const link = second ?? first ?? '';
    const title = second ? (first ?? '') : link;
    if (!/^https?:\/\/\S+$/i.test(link)) {
      bad.push({ line: i + 1, text: line });
      return;
    }
    notes.push({ title, content: '', images: [], tags: [], link });
  });
  return { notes, bad };
}
