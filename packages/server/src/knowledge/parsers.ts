import path from 'node:path';
import { parse as parseCsv } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import mammoth from 'mammoth';
import { extractText, getDocumentProxy } from 'unpdf';

/**
 * Text out of an uploaded knowledge file. The extension picks the parser, the content must match it
 * (a renamed binary is refused, not parsed), and each parser is a maintained library: mammoth for
 * docx, pdf.js (through unpdf) for pdf, exceljs for xlsx, csv-parse for csv; md and txt must be UTF-8.
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

const isZip = (data: Buffer) => data.length > 4 && data.readUInt32LE(0) === 0x04034b50;
const isPdf = (data: Buffer) => data.subarray(0, 1024).includes('%PDF-');

export async function parseKnowledgeFile(filename: string, data: Buffer): Promise<string> {
  const type = fileTypeOf(filename);
  if (!type) throw new ParseError('type');
  if (data.length > KNOWLEDGE_FILE_MAX_BYTES) throw new ParseError('tooLarge');
  let text: string;
  try {
    text = await PARSERS[type](data);
  } catch (error) {
    if (error instanceof ParseError) throw error;
    throw new ParseError('content');
  }
  text = normalise(text);
  if (!text) throw new ParseError('empty');
  return text.slice(0, KNOWLEDGE_TEXT_MAX_CHARS);
}

const PARSERS: Record<KnowledgeFileType, (data: Buffer) => Promise<string>> = {
  async docx(data) {
    if (!isZip(data)) throw new ParseError('content');
    return (await mammoth.extractRawText({ buffer: data })).value;
  },
  async pdf(data) {
    if (!isPdf(data)) throw new ParseError('content');
    const pdf = await getDocumentProxy(new Uint8Array(data));
    const { text } = await extractText(pdf, { mergePages: false });
    return (text as string[]).join('\n\n');
  },
  async xlsx(data) {
    if (!isZip(data)) throw new ParseError('content');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(data as unknown as ArrayBuffer);
    const sheets: string[] = [];
    book.eachSheet((sheet) => {
      const rows: string[][] = [];
      sheet.eachRow((row) => {
        const values = (row.values as unknown[]).slice(1).map(cellText);
        rows.push(values);
      });
      if (rows.length) sheets.push(`# ${sheet.name}\n${tableText(rows)}`);
    });
    return sheets.join('\n\n');
  },
  async csv(data) {
    const rows = parseCsv(utf8(data), { relax_column_count: true, skip_empty_lines: true, bom: true }) as string[][];
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

function cellText(value: unknown): string {
  if (value == null) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    const v = value as { text?: unknown; result?: unknown; richText?: Array<{ text: string }> };
    if (v.richText) return v.richText.map((r) => r.text).join('');
    if (v.text != null) return String(v.text);
    if (v.result != null) return String(v.result);
    return '';
  }
  return String(value);
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
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/[ \t\u00a0]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
