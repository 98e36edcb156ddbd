import type { AttachmentValue, CellValue, FieldMeta, TextSegment } from './types.ts';
import { FieldType } from './types.ts';

/** A multi-line text cell (the SDK's IOpenSegment[]). Empty text clears the cell. */
export const textCell = (text: string): TextSegment[] | null => (text ? [{ type: 'text', text }] : null);

/** A URL cell: one URL segment whose text and link are the address. */
export const urlCell = (link: string): TextSegment[] | null => (link ? [{ type: 'url', text: link, link }] : null);

/** The plain text of any cell a reviewer or a sync needs to read (text, URL, number, select, user). */
export function cellText(value: CellValue | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value))
    return value
      .map((part) => {
        const item = part as { text?: string; name?: string; link?: string };
        return item.text ?? item.name ?? '';
      })
      .join('');
  const single = value as { text?: string };
  return single.text ?? '';
}

/** The attachments of a cell, or none. */
export function cellAttachments(value: CellValue | undefined): AttachmentValue[] {
  if (!Array.isArray(value)) return [];
  return value.filter((item): item is AttachmentValue => typeof (item as AttachmentValue).token === 'string');
}

/** A number cell from a number or numeric text; anything else clears it. */
export function numberCell(value: unknown): number | null {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() ? Number(value) : Number.NaN;
  return Number.isFinite(n) ? n : null;
}

/** An attachment cell from uploaded tokens and the files they came from. */
export function attachmentCell(files: File[], tokens: string[], now = Date.now()): AttachmentValue[] {
  return tokens.map((token, i) => {
    const file = files[i] as File;
    return { name: file.name, size: file.size, type: file.type, token, timeStamp: now };
  });
}

/**
 * The value to write into a field of the given type from plain text: text and URL segments, a
 * number, a date, or a select option that already exists (the SDK addresses options by id).
 * Answers undefined when the field cannot take the text (e.g. a select without that option).
 */
export function valueForField(field: FieldMeta, text: string): CellValue | undefined {
  switch (field.type) {
    case FieldType.Text:
      return textCell(text);
    case FieldType.Url:
      return urlCell(text);
    case FieldType.Number:
      return numberCell(text);
    case FieldType.DateTime: {
      const time = Number(text) || Date.parse(text);
      return Number.isFinite(time) ? time : null;
    }
    case FieldType.SingleSelect: {
      if (!text) return null;
      const option = field.property?.options?.find((o) => o.name === text);
      return option ? { id: option.id, text: option.name } : undefined;
    }
    default:
      return undefined;
  }
}
