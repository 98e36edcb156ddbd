import ExcelJS from 'exceljs';
import { AppError } from '../../http/errors.ts';

export interface ImportRow {
  title: string;
  url?: string;
  hot?: string;
  desc?: string;
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

/** Reads an uploaded CSV or XLSX file (told apart by content, not by name) into import rows. */
export async function readImportFile(data: Buffer): Promise<ImportRow[]> {
  if (isZip(data)) {
    try {
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(data as unknown as ArrayBuffer);
      const sheet = book.worksheets[0];
      if (!sheet) return [];
      const rows: string[][] = [];
      sheet.eachRow((r) => {
        const values = (r.values as unknown[]).slice(1);
        rows.push(
          values.map((v) =>
            v === null || v === undefined
              ? ''
              : typeof v === 'object'
                ? String((v as { text?: string }).text ?? (v as { result?: unknown }).result ?? '')
                : String(v),
          ),
        );
      });
      return rowsToItems(rows);
    } catch {
      throw new AppError('importFileInvalid');
    }
  }
  const text = data.toString('utf8');
  if (text.includes('\u0000')) throw new AppError('importFileInvalid');
  return rowsToItems(parseCsv(text));
}
