/** The size rules of a refinement mask, shared by the task domain (before charging) and the engines. */

/**
 * Largest refinement mask accepted, in pixels: a 16383x16383 transparent PNG is only 1.4 MB as a
 * data URL but 1 GB once decoded (issue 9 item 4).
 */
export const MASK_MAX_PIXELS = 50_000_000;

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * Width and height of a PNG data URL read from its IHDR header: the first 33 bytes, decoded from
 * the first 44 base64 characters, without touching the pixel data. Null when it is not a PNG.
 */
export function pngSize(dataUrl: string): { width: number; height: number } | null {
  const comma = dataUrl.indexOf(',');
  if (comma < 0 || !dataUrl.slice(0, comma).startsWith('data:image/png;base64')) return null;
  const head = Buffer.from(dataUrl.slice(comma + 1, comma + 1 + 44), 'base64');
  if (head.length < 24 || !head.subarray(0, 8).equals(PNG_SIGNATURE) || head.toString('latin1', 12, 16) !== 'IHDR') return null;
  return { width: head.readUInt32BE(16), height: head.readUInt32BE(20) };
}
