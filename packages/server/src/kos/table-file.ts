import { parse as parseCsv } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../http/errors.ts';

/** The largest CSV/XLSX file an import takes. */
export const TABLE_FILE_MAX_BYTES = 5 * 1024 * 1024;

const isZip = (data: Buffer) => data.length > 4 && data.readUInt32LE(0) === 0x04034b50;

const cellText = (v: unknown): string => {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (typeof v === 'object') {
    const o = v as { text?: unknown; result?: unknown; richText?: Array<{ text: string }> };
    if (o.richText) return o.richText.map((r) => r.text).join('');
    if (o.result !== undefined) return cellText(o.result);
    return String(o.text ?? '');
  }
  return String(v);
};

/**
 * Reads a CSV (UTF-8) or XLSX file into rows of cells, telling the two apart by content (an XLSX is
 * a zip), never by name. `invalidKey` is the message key of the 400 a file that is neither gets.
 */
export async function readTableFile(data: Buffer, invalidKey: string): Promise<string[][]> {
  const invalid = () => new AppError('badRequest', {}, null, invalidKey);
  if (isZip(data)) {
    const book = new ExcelJS.Workbook();
    try {
      await book.xlsx.load(data as unknown as ArrayBuffer);
    } catch {
      throw invalid();
    }
    const sheet = book.worksheets[0];
    if (!sheet) throw invalid();
    const rows: string[][] = [];
    sheet.eachRow((r) => {
      rows.push((r.values as unknown[]).slice(1).map(cellText));
    });
    return rows;
  }
  const text = data.toString('utf8');
  if (text.includes('\u0000') || text.includes('\uFFFD')) throw invalid();
  return readCsvText(text, invalidKey);
}

/** Rows of a CSV text (pasted or uploaded). */
export function readCsvText(text: string, invalidKey: string): string[][] {
  try {
    return parseCsv(text.replace(/^\uFEFF/, ''), {
      relax_column_count: true,
      skip_empty_lines: true,
      relax_quotes: true,
    }) as string[][];
  } catch {
    throw new AppError('badRequest', {}, null, invalidKey);
  }
}

/** The multipart `file` of a request as bytes, within TABLE_FILE_MAX_BYTES. */
export async function readUploadedTable(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new AppError('badRequest');
  const part = await request.file({ limits: { fileSize: TABLE_FILE_MAX_BYTES, files: 1 } });
  if (part?.fieldname !== 'file') throw new AppError('badRequest');
  const data = await part.toBuffer().catch(() => {
    throw new AppError('tooLarge');
  });
  if (part.file.truncated) throw new AppError('tooLarge');
  return data;
}

/** Maps a header row through `aliases` (lower-cased header -> field); -1 where a column is unknown. */
export function headerIndex<F extends string>(header: string[], aliases: Record<string, F>): Map<F, number> {
  const map = new Map<F, number>();
  header.forEach((h, i) => {
    const field = aliases[h.trim().toLowerCase()];
    if (field && !map.has(field)) map.set(field, i);
  });
  return map;
}
