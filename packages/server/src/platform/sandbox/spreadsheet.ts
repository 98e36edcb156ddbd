import ExcelJS from 'exceljs';
import { AppError } from '../http/errors.ts';
import { checkRows, checkXlsx, verifyZip } from './checks.ts';
import { runSandboxed } from './runner.ts';

/**
 * The first worksheet of an uploaded xlsx as rows of cell texts, read in a sandbox thread after the
 * zip checks (sandbox/checks.ts): every spreadsheet import (hot lists, KOS and insight tables) reads
 * through here. Answers null for a file that is no readable xlsx; throws `fileTooComplex` over a limit.
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

/** Runs in the sandbox thread. */
export async function firstSheetInSandbox(input: Uint8Array): Promise<string[][] | null> {
  const data = Buffer.from(input.buffer, input.byteOffset, input.byteLength);
  try {
    verifyZip(data);
  } catch (err) {
    if (err instanceof AppError && err.key === 'fileUnreadable') return null;
    throw err;
  }
  const book = new ExcelJS.Workbook();
  try {
    await book.xlsx.load(input as unknown as ArrayBuffer);
  } catch {
    return null;
  }
  const sheet = book.worksheets[0];
  if (!sheet) return null;
  const rows: string[][] = [];
  sheet.eachRow((r) => {
    checkRows(rows.length + 1);
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
