import zlib from 'node:zlib';
import { SANDBOX_LIMITS } from './limits.ts';
import { tooComplex, unreadable } from './refusal.ts';
import { checkZip, verifyZipSizes, zipEntries } from './zip.ts';

/**
 * The cheap checks that run before a parser sees a file (in the API's thread: they only read
 * bytes, never unpack or decode), and the row cap parsers apply while they read.
 */

/** Lines of a text file, counted without decoding it. */
function lineCount(data: Buffer, stopAfter: number): number {
  let lines = 0;
  for (let i = data.indexOf(10); i >= 0 && lines <= stopAfter; i = data.indexOf(10, i + 1)) lines++;
  return lines;
}

/** A CSV within CSV_MAX_BYTES and TABLE_MAX_ROWS lines. */
export function checkCsv(data: Buffer): void {
  if (data.length > SANDBOX_LIMITS.CSV_MAX_BYTES) throw tooComplex('CSV_MAX_BYTES');
  if (lineCount(data, SANDBOX_LIMITS.TABLE_MAX_ROWS) > SANDBOX_LIMITS.TABLE_MAX_ROWS) throw tooComplex('TABLE_MAX_ROWS');
}

/** An xlsx within the zip limits, its worksheets within XLSX_MAX_SHEET_BYTES. False: no readable zip. */
export function checkXlsx(data: Buffer): boolean {
  return (
    checkZip(data, {
      match: /^xl\/worksheets\/[^/]+\.xml$/i,
      max: SANDBOX_LIMITS.XLSX_MAX_SHEET_BYTES,
      limit: 'XLSX_MAX_SHEET_BYTES',
    }) !== null
  );
}

/**
 * In the sandbox process, before a zip parser runs: every entry inflates to exactly its declared
 * size, so the limits checked from the central directory hold (`fileTooComplex` / `fileUnreadable`).
 */
export function verifyZip(data: Buffer): void {
  const entries = zipEntries(data);
  if (!entries) throw unreadable();
  verifyZipSizes(data, entries);
}

/** A docx within the zip limits. False: no readable zip. */
export function checkDocx(data: Buffer): boolean {
  return checkZip(data) !== null;
}

/**
 * A PDF whose page tree declares at most PDF_MAX_PAGES pages (every `/Count` of a /Pages node) and
 * that has at most that many page objects in the clear. Pages inside compressed object streams are
 * counted by the parser itself (`checkPageCount`), in its worker.
 */
export function checkPdf(data: Buffer): void {
  const text = data.toString('latin1');
  const max = SANDBOX_LIMITS.PDF_MAX_PAGES;
  for (const m of text.matchAll(/\/Count\s+(\d{1,12})/g)) if (Number(m[1]) > max) throw tooComplex('PDF_MAX_PAGES');
  let pages = 0;
  for (const _ of text.matchAll(/\/Type\s*\/Page(?![a-zA-Z])/g)) if (++pages > max) throw tooComplex('PDF_MAX_PAGES');
}

/** A zlib stream's two header bytes (RFC 1950): deflate, and the check bits. */
const zlibHeader = (data: Buffer, at: number) =>
  at + 1 < data.length && (data[at]! & 0x0f) === 8 && data[at]! >> 4 <= 7 && ((data[at]! << 8) | data[at + 1]!) % 31 === 0;

/**
 * In the sandbox process, before pdf.js reads a PDF: every zlib (Flate) stream after a `stream`
 * keyword is inflated with what is left of PDF_MAX_INFLATED_BYTES as the most zlib may produce, and
 * a stream that inflates to another zlib stream (a filter chain) is inflated again on the same budget.
 * Over the budget zlib stops at once (it never allocates past it) and the file is refused: a 4.2 MB
 * PDF whose content stream inflates to 4 GB is refused after at most the budget, not after pdf.js
 * took the memory (issue 42). Streams that are not zlib (images, broken data) count nothing here;
 * the parse process's address-space limit bounds what they can cost.
 */
export function checkPdfStreams(data: Buffer): void {
  let left = SANDBOX_LIMITS.PDF_MAX_INFLATED_BYTES;
  const inflate = (input: Buffer, depth: number) => {
    let out: Buffer;
    try {
      out = zlib.inflateSync(input, { maxOutputLength: left + 1, finishFlush: zlib.constants.Z_SYNC_FLUSH });
    } catch (err) {
      if ((err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw tooComplex('PDF_MAX_INFLATED_BYTES');
      return; // not a zlib stream after all, or broken: pdf.js will say so
    }
    left -= out.length;
    if (left < 0) throw tooComplex('PDF_MAX_INFLATED_BYTES');
    if (depth < 4 && zlibHeader(out, 0)) inflate(out, depth + 1);
  };
  for (let at = data.indexOf('stream'); at >= 0; at = data.indexOf('stream', at + 6)) {
    if (data[at - 1] === 0x64 /* d: endstream */) continue;
    let start = at + 6;
    if (data[start] === 0x0d) start++;
    if (data[start] === 0x0a) start++;
    if (zlibHeader(data, start)) inflate(data.subarray(start), 0);
  }
}

/** The parser's own page count (pdf.js `numPages`), checked before any page is read. */
export function checkPageCount(pages: number): void {
  if (pages > SANDBOX_LIMITS.PDF_MAX_PAGES) throw tooComplex('PDF_MAX_PAGES');
}

/** Rows read so far, checked as a parser goes: over TABLE_MAX_ROWS the parse stops. */
export function checkRows(rows: number): void {
  if (rows > SANDBOX_LIMITS.TABLE_MAX_ROWS) throw tooComplex('TABLE_MAX_ROWS');
}

/** An image of at most IMAGE_MAX_PIXELS (width x height from its header). */
export function checkImagePixels(width: number, height: number): void {
  if (!(width > 0 && height > 0) || width * height > SANDBOX_LIMITS.IMAGE_MAX_PIXELS) throw tooComplex('IMAGE_MAX_PIXELS');
}
