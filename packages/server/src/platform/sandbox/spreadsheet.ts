import { parse as parseCsv } from 'csv-parse/sync';
import type { Worksheet } from 'exceljs';
import { AppError } from '../http/errors.ts';
import { checkCsv, checkRows, checkXlsx, verifyZip } from './checks.ts';
import { runSandboxed } from './runner.ts';

/**
 * The one reader of uploaded table files: a CSV (UTF-8, read by csv-parse) or the first worksheet of
 * an XLSX (read by exceljs) as rows of cell texts, told apart by content (an XLSX is a zip), never by
 * name. Every table import (hot lists, KOS, insights) reads through readTableFile; the knowledge
 * parser uses csvRows, sheetRows and cellText. Parsed in a sandbox process after the cheap checks
 * (sandbox/checks.ts): a zip bomb, a huge sheet or an oversized CSV is refused with `fileTooComplex`.
 */
export async function readTableFile(data: Buffer, signal?: AbortSignal): Promise<string[][] | null> {
  if (isZip(data)) return readFirstSheet(data, signal);
  return readCsv(data, signal);
}

/**
 * A CSV's rows (null when it is no UTF-8 CSV), parsed in the sandbox after the size and line checks:
 * uploaded files and pasted text alike (issue 42: pasted CSV was parsed on the API's thread).
 */
export async function readCsv(data: Buffer, signal?: AbortSignal): Promise<string[][] | null> {
  checkCsv(data);
  return runSandboxed<Uint8Array, string[][] | null>({
    module: new URL(import.meta.url),
    fn: 'csvRowsInSandbox',
    input: data,
    signal,
  });
}

export const isZip = (data: Buffer) => data.length > 4 && data.readUInt32LE(0) === 0x04034b50;

/** Rows of a CSV text (a byte-order mark, ragged rows, blank lines and stray quotes are taken); throws on a broken one. */
export function csvRows(text: string): string[][] {
  return parseCsv(text, { bom: true, relax_column_count: true, skip_empty_lines: true, relax_quotes: true }) as string[][];
}

/** Runs in the sandbox process: the rows of an uploaded CSV, or null when it is no UTF-8 CSV. */
export function csvRowsInSandbox(input: Uint8Array): string[][] | null {
  const text = Buffer.from(input.buffer, input.byteOffset, input.byteLength).toString('utf8');
  if (text.includes('\u0000') || text.includes('\uFFFD')) return null;
  let rows: string[][];
  try {
    rows = csvRows(text);
  } catch {
    return null;
  }
  checkRows(rows.length);
  return rows;
}

/**
 * The first worksheet of an uploaded xlsx as rows of cell texts, read in a sandbox process after the
 * zip checks. Answers null for a file that is no readable xlsx; throws `fileTooComplex` over a limit.
 */
export async function readFirstSheet(data: Buffer, signal?: AbortSignal): Promise<string[][] | null> {
  if (!checkXlsx(data)) return null;
  return runSandboxed<Uint8Array, string[][] | null>({
    module: new URL(import.meta.url),
    fn: 'firstSheetInSandbox',
    input: data,
    signal,
  });
}

/** Runs in the sandbox process. */
export async function firstSheetInSandbox(input: Uint8Array): Promise<string[][] | null> {
  const data = Buffer.from(input.buffer, input.byteOffset, input.byteLength);
  try {
    verifyZip(data);
  } catch (err) {
    if (err instanceof AppError && err.key === 'fileUnreadable') return null;
    throw err;
  }
  // Loaded here, in the sandbox process, on first use: not by every process that starts (docs/testing.md, issue 27).
  const { default: ExcelJS } = await import('exceljs');
  const book = new ExcelJS.Workbook();
  try {
    await book.xlsx.load(input as unknown as ArrayBuffer);
  } catch {
    return null;
  }
  const sheet = book.worksheets[0];
  return sheet ? sheetRows(sheet) : null;
}

/** A worksheet's rows of cell texts; `counted` is the number of rows already read (the row limit spans sheets). */
export function sheetRows(sheet: Worksheet, counted = 0): string[][] {
  const rows: string[][] = [];
  sheet.eachRow((r) => {
    checkRows(counted + rows.length + 1);
    rows.push((r.values as unknown[]).slice(1).map(cellText));
  });
  return rows;
}

/** A cell's text: rich text joined, formulas by their result, dates as YYYY-MM-DD. */
export function cellText(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (typeof v === 'object') {
    const o = v as { text?: unknown; result?: unknown; richText?: Array<{ text: string }> };
    if (o.richText) return o.richText.map((r) => r.text).join('');
    if (o.result !== undefined) return cellText(o.result);
    return String(o.text ?? '');
  }
  return String(v);
}
