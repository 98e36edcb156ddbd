import { AppError } from '../../../platform/http/errors.ts';
import { readTableFile } from '../../../platform/sandbox/spreadsheet.ts';

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

/**
 * Reads an uploaded CSV or XLSX file (told apart by content, not by name) into import rows. Parsed in
 * a sandbox process after the cheap checks (issue 26: sandbox/): a zip bomb, a huge sheet or an
 * oversized CSV is refused with `fileTooComplex` and never stalls the server. `signal` (the
 * request's) stops the parse when the client goes away.
 */
export async function readImportFile(data: Buffer, signal?: AbortSignal): Promise<ImportRow[]> {
  const rows = await readTableFile(data, signal);
  if (!rows) throw new AppError('importFileInvalid');
  return rowsToItems(rows);
}
