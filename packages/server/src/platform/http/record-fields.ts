import { z } from 'zod';

/**
 * Field rules shared by the note-like records (notes, hot items, goods): links must be http(s)
 * or our own /files/ paths, so nothing stored can become a javascript: or data: link in the UI.
 */
export const safeUrl = z
  .string()
  .trim()
  .max(2000)
  // Our files come back from clients signed (`?e=&s=`, docs/security.md "File URLs"); answers re-sign them.
  .refine((v) => v === '' || /^https?:\/\//i.test(v) || /^\/files\/[\w./-]+(\?e=\d+&s=[\w-]+)?$/.test(v), {
    error: 'validation:formatInvalid',
  });

export const imageList = z.array(safeUrl.refine((v) => v !== '')).max(18);
export const tagList = z.array(z.string().trim().min(1).max(30)).max(20);

/** A LIKE pattern for text containment, with the user's % and _ taken literally. */
export function containing(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export const parseJson = <T>(text: string, fallback: T): T => {
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
};
