import { AppError } from '../../../platform/http/errors.ts';
import { checkCsv, checkRows } from '../../../platform/sandbox/checks.ts';
import { runSandboxed } from '../../../platform/sandbox/runner.ts';
import { readFirstSheet } from '../../../platform/sandbox/spreadsheet.ts';

export interface ImportRow {
  title: string;
  url?: string;
  hot?: string;
  desc?: string;
  author?: string;
}

const HEADERS: Record<string, keyof ImportRow> = {
  title: 'title',
  标题: 'title',
  热点: 'title',
  话题: 'title',
  url: 'url',
  link: 'url',
  链接: 'url',
  hot: 'hot',
  热度: 'hot',
  desc: 'desc',
  description: 'desc',
  描述: 'desc',
  简介: 'desc',
  author: 'author',
  account: 'author',
  作者: 'author',
  账号: 'author',
  博主: 'author',
};

/** Rows of cells to items: a header row names the columns; without one the first column is the title. */
export function rowsToItems(rows: string[][]): ImportRow[] {
  const cleaned = rows.map((r) => r.map((c) => (c ?? '').trim())).filter((r) => r.some(Boolean));
  if (!cleaned.length) return [];
  const header = (cleaned[0] ?? []).map((h) => HEADERS[h.toLowerCase()]);
  const hasHeader = header.includes('title');
  const columns: Array<keyof ImportRow | undefined> = hasHeader ? header : ['title', 'url', 'hot', 'desc'];
  const items: ImportRow[] = [];
  for (const row of hasHeader ? cleaned.slice(1) : cleaned) {
    const item: Partial<ImportRow> = {};
    columns.forEach((key, i) => {
      if (key && row[i]) item[key] = row[i];
    });
    if (item.title) items.push(item as ImportRow);
  }
  return items;
}

/** A minimal RFC 4180 CSV reader (quoted fields, doubled quotes, CRLF). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const body = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < body.length; i++) {
    const ch = body[i];
    if (quoted) {
      if (ch === '"' && body[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && body[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += ch;
  }
  if (field || row.length) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

const isZip = (data: Buffer) => data.length > 4 && data.readUInt32LE(0) === 0x04034b50;

/**
 * Reads an uploaded CSV or XLSX file (told apart by content, not by name) into import rows. Parsed in
 * a sandbox thread after the cheap checks (issue 26: sandbox/): a zip bomb, a huge sheet or an
 * oversized CSV is refused with `fileTooComplex` and never stalls the server. `signal` (the
 * request's) stops the parse when the client goes away.
 */
export async function readImportFile(data: Buffer, signal?: AbortSignal): Promise<ImportRow[]> {
  if (isZip(data)) {
    const rows = await readFirstSheet(data, signal);
    if (!rows) throw new AppError('importFileInvalid');
    return rowsToItems(rows);
  }
  checkCsv(data);
  const items = await runSandboxed<Uint8Array, ImportRow[] | null>({
    module: new URL(import.meta.url),
    fn: 'csvItemsInSandbox',
    input: data,
    signal,
  });
  if (!items) throw new AppError('importFileInvalid');
  return items;
}

/** Runs in the sandbox thread: the import rows of a UTF-8 CSV, or null when it is none. */
export function csvItemsInSandbox(input: Uint8Array): ImportRow[] | null {
  const text = Buffer.from(input.buffer, input.byteOffset, input.byteLength).toString('utf8');
  if (text.includes('\u0000')) return null;
  const rows = parseCsv(text);
  checkRows(rows.length);
  return rowsToItems(rows);
}
