import type { Schema } from '@productimage/core';

export type Compliance = Schema<'Compliance'>;
export type ComplianceHit = Schema<'ComplianceHit'>;

/**
 * A title-and-body view is checked as `title + "\n" + body` (docs/compliance.md): where a hit
 * lies, and the two fields with one hit replaced by its suggestion (one-click replace).
 */
export function bodyOffset(title: string): number {
  return title ? title.length + 1 : 0;
}

export function replaceHit(
  fields: { title: string; content: string },
  hit: ComplianceHit,
  replacement = hit.suggestion ?? '',
): { title: string; content: string } {
  const at = bodyOffset(fields.title);
  if (fields.title && hit.end <= fields.title.length)
    return { ...fields, title: fields.title.slice(0, hit.start) + replacement + fields.title.slice(hit.end) };
  const start = hit.start - at;
  const end = hit.end - at;
  return { ...fields, content: fields.content.slice(0, start) + replacement + fields.content.slice(end) };
}

/** The hits of one field, with offsets into that field. */
export function hitsIn(hits: ComplianceHit[], from: number, length: number): ComplianceHit[] {
  return hits
    .filter((h) => h.start >= from && h.end <= from + length)
    .map((h) => ({ ...h, start: h.start - from, end: h.end - from }));
}
