import type { FastifyRequest } from 'fastify';
import { AppError } from '../../platform/http/errors.ts';
import { readCsv, readTableFile as readRows } from '../../platform/sandbox/spreadsheet.ts';

/** The largest CSV/XLSX file an import takes. */
export const TABLE_FILE_MAX_BYTES = 5 * 1024 * 1024;

/**
 * Reads a CSV (UTF-8) or XLSX file into rows of cells (sandbox/spreadsheet.ts, the one table-file
 * reader). `invalidKey` is the message key of the 400 a file that is neither gets; `signal` (the
 * request's) stops the parse when the client goes away.
 */
export async function readTableFile(data: Buffer, invalidKey: string, signal?: AbortSignal): Promise<string[][]> {
  const rows = await readRows(data, signal);
  if (!rows) throw new AppError('badRequest', {}, null, invalidKey);
  return rows;
}

/** Rows of a pasted CSV text: parsed in the sandbox like an uploaded file (issue 42), never on the API's thread. */
export async function readCsvText(text: string, invalidKey: string, signal?: AbortSignal): Promise<string[][]> {
  const rows = await readCsv(Buffer.from(text, 'utf8'), signal);
  if (!rows) throw new AppError('badRequest', {}, null, invalidKey);
  return rows;
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
