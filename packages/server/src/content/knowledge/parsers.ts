import path from 'node:path';
import { AppError } from '../../platform/http/errors.ts';
import {
  checkCsv,
  checkDocx,
  checkPageCount,
  checkPdf,
  checkPdfStreams,
  checkRows,
  checkXlsx,
  verifyZip,
} from '../../platform/sandbox/checks.ts';
import { outOfMemory, tooComplex } from '../../platform/sandbox/refusal.ts';
import { runSandboxed } from '../../platform/sandbox/runner.ts';
import { csvRows, isZip, sheetRows } from '../../platform/sandbox/spreadsheet.ts';

/**
 * Text out of an uploaded knowledge file. The extension picks the parser, the content must match it
 * (a renamed binary is refused, not parsed), and each parser is a maintained library: mammoth for
 * docx, pdf.js (through unpdf) for pdf, exceljs for xlsx, csv-parse for csv; md and txt must be UTF-8.
 *
 * Untrusted content (issue 26): the cheap checks of sandbox/checks.ts run first (zip central
 * directory, CSV bytes and lines, PDF page count), then the parser runs in a sandbox process
 * (sandbox/runner.ts: heap and time limits), never on the API's event loop. A file over a limit is
 * refused with `fileTooComplex` before anything is stored or charged.
 */
export const KNOWLEDGE_FILE_TYPES = ['pdf', 'docx', 'txt', 'md', 'csv', 'xlsx'] as const;
export type KnowledgeFileType = (typeof KNOWLEDGE_FILE_TYPES)[number];

/** Largest file accepted, and the most text kept from one file. */
export const KNOWLEDGE_FILE_MAX_BYTES = 20 * 1024 * 1024;
export const KNOWLEDGE_TEXT_MAX_CHARS = 2_000_000;

export class ParseError extends Error {
  constructor(readonly reason: 'type' | 'content' | 'empty' | 'tooLarge') {
    super(reason);
  }
}

export function fileTypeOf(filename: string): KnowledgeFileType | null {
  const ext = path.extname(filename).slice(1).toLowerCase();
  if (ext === 'markdown') return 'md';
  return (KNOWLEDGE_FILE_TYPES as readonly string[]).includes(ext) ? (ext as KnowledgeFileType) : null;
}

const isPdf = (data: Buffer) => data.subarray(0, 1024).includes('%PDF-');

export async function parseKnowledgeFile(filename: string, data: Buffer, signal?: AbortSignal): Promise<string> {
  const type = fileTypeOf(filename);
  if (!type) throw new ParseError('type');
  if (data.length > KNOWLEDGE_FILE_MAX_BYTES) throw new ParseError('tooLarge');
  precheck(type, data);
  const answer = await runSandboxed<SandboxInput, SandboxAnswer>({
    module: new URL(import.meta.url),
    fn: 'parseKnowledgeInSandbox',
    input: { type, data },
    signal,
  });
  if ('error' in answer) throw new ParseError(answer.error);
  return answer.text;
}

/** The checks that read bytes only (sandbox/checks.ts); an unreadable zip is a content error. */
function precheck(type: KnowledgeFileType, data: Buffer): void {
  if (type === 'csv') checkCsv(data);
  else if (type === 'pdf') checkPdf(data);
  else if ((type === 'docx' || type === 'xlsx') && isZip(data)) {
    if (!(type === 'docx' ? checkDocx(data) : checkXlsx(data))) throw new ParseError('content');
  }
}

type SandboxInput = { type: KnowledgeFileType; data: Uint8Array };
type SandboxAnswer = { text: string } | { error: ParseError['reason'] };

/** Runs in the sandbox process (runner.ts): the parser, then the text clean-up. */
export async function parseKnowledgeInSandbox(input: SandboxInput): Promise<SandboxAnswer> {
  const data = Buffer.from(input.data.buffer, input.data.byteOffset, input.data.byteLength);
  let text: string;
  try {
    text = await PARSERS[input.type](data);
  } catch (error) {
    if (error instanceof ParseError) return { error: error.reason };
    if (error instanceof AppError && error.key !== 'fileUnreadable') throw error;
    // An allocation past the process's address-space limit: the file asked for too much, not unreadable.
    if (outOfMemory(error)) throw tooComplex('PARSE_MAX_MEMORY_MB');
    return { error: 'content' };
  }
  text = normalise(text);
  if (!text) return { error: 'empty' };
  return { text: text.slice(0, KNOWLEDGE_TEXT_MAX_CHARS) };
}

// The parsers' libraries load in the sandbox process on first use, not at every server start (issue 27).
const PARSERS: Record<KnowledgeFileType, (data: Buffer) => Promise<string>> = {
  async docx(data) {
    if (!isZip(data)) throw new ParseError('content');
    verifyZip(data);
    const { default: mammoth } = await import('mammoth');
    return (await mammoth.extractRawText({ buffer: data })).value;
  },
  async pdf(data) {
    if (!isPdf(data)) throw new ParseError('content');
    checkPdfStreams(data);
    const { extractText, getDocumentProxy } = await import('unpdf');
    const pdf = await getDocumentProxy(new Uint8Array(data));
    checkPageCount(pdf.numPages);
    const { text } = await extractText(pdf, { mergePages: false });
    return (text as string[]).join('\n\n');
  },
  async xlsx(data) {
    if (!isZip(data)) throw new ParseError('content');
    verifyZip(data);
    const { default: ExcelJS } = await import('exceljs');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(data as unknown as ArrayBuffer);
    const sheets: string[] = [];
    let rowCount = 0;
    book.eachSheet((sheet) => {
      const rows = sheetRows(sheet, rowCount);
      rowCount += rows.length;
      if (rows.length) sheets.push(`# ${sheet.name}\n${tableText(rows)}`);
    });
    return sheets.join('\n\n');
  },
  async csv(data) {
    const rows = csvRows(utf8(data));
    checkRows(rows.length);
    return tableText(rows);
  },
  async md(data) {
    return utf8(data);
  },
  async txt(data) {
    return utf8(data);
  },
};

/** Strict UTF-8 without NUL bytes: binary content renamed to .txt is refused. */
function utf8(data: Buffer): string {
  if (data.includes(0)) throw new ParseError('content');
  return new TextDecoder('utf-8', { fatal: true }).decode(data).replace(/^\uFEFF/, '');
}

/**
 * A table becomes one line per row, "header: value" pairs, so each chunk of a long table still says
 * what its numbers mean (the header row alone would end up in the first chunk only).
 */
function tableText(rows: string[][]): string {
  const [header, ...body] = rows;
  if (!header) return '';
  if (body.length === 0) return header.join(' | ');
  return body
    .map((row) =>
      row
        .map((cell, i) => (cell ? `${header[i] || `#${i + 1}`}: ${cell}` : ''))
        .filter(Boolean)
        .join('; '),
    )
    .filter(Boolean)
    .join('\n');
}

function normalise(text: string): string {
  return trimLineEnds(text.replace(/\r\n?/g, '\n'))
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

const BLANK = new Set([' ', '\t', '\u00a0']);

/**
 * Spaces, tabs and no-break spaces dropped before each line break, by hand: the regular expression
 * `[ \t\u00a0]+\n` tries every start of a run of spaces that no line break ends, which is quadratic
 * (1.3 s for 20,000 spaces, 5.8 s for 40,000), so a text with a long run of them used up the
 * sandbox's time and was refused instead of read.
 */
function trimLineEnds(text: string): string {
  return text
    .split('\n')
    .map((line) => {
      let end = line.length;
      while (end > 0 && BLANK.has(line[end - 1]!)) end--;
      return end === line.length ? line : line.slice(0, end);
    })
    .join('\n');
}
