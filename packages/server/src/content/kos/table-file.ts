import { parse as parseCsv } from 'csv-parse/sync';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../platform/http/errors.ts';
import { checkCsv, checkRows } from '../../platform/sandbox/checks.ts';
import { runSandboxed } from '../../platform/sandbox/runner.ts';
import { readFirstSheet } from '../../platform/sandbox/spreadsheet.ts';

/** The largest CSV/XLSX file an import takes. */
export const TABLE_FILE_MAX_BYTES = 5 * 1024 * 1024;

const isZip = (data: Buffer) => data.length > 4 && data.readUInt32LE(0) === 0x04034b50;

/**
 * Reads a CSV (UTF-8) or XLSX file into rows of cells, telling the two apart by content (an XLSX is
 * a zip), never by name. `invalidKey` is the message key of the 400 a file that is neither gets;
 * `signal` (the request's) stops the parse when the client goes away.
 */
export async function readTableFile(data: Buffer, invalidKey: string, signal?: AbortSignal): Promise<string[][]> {
  const invalid = () => new AppError('badRequest', {}, null, invalidKey);
  // Parsed in a sandbox thread after the cheap checks (issue 26: sandbox/).
  if (isZip(data)) {
    const rows = await readFirstSheet(data, signal);
    if (!rows) throw invalid();
    return rows;
  }
  checkCsv(data);
  const rows = await runSandboxed<Uint8Array, string[][] | null>({
    module: new URL(import.meta.url),
    fn: 'csvRowsInSandbox',
    input: data,
    signal,
  });
  if (!rows) throw invalid();
  return rows;
}

/** Runs in the sandbox thread: the rows of an uploaded CSV, or null when it is no UTF-8 CSV. */
export function csvRowsInSandbox(input: Uint8Array): string[][] | null {
  const text = Buffer.from(input.buffer, input.byteOffset, input.byteLength).toString('utf8');
  if (text.includes('\u0000') || text.includes('\uFFFD')) return null;
  try {
    const rows = readCsvText(text, 'validation:invalid');
    checkRows(rows.length);
    return rows;
  } catch (err) {
    if (err instanceof AppError && err.key === 'fileTooComplex') throw err;
    return null;
  }
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
