import type { DOWNLOAD_DEFINITIONS } from '../constants/tasks.ts';

/**
 * Real output sizes (docs/engines.md "Output sizes"). Engines render pictures at the source's own
 * resolution up to OUTPUT_MAX_SIDE on the long side (the 2K download); a download is the stored
 * picture made to fit its definition's long side, never enlarged: a file is never bigger than the
 * pixels that were made. The web app states each file's real size with the same function.
 */
export const OUTPUT_MAX_SIDE = 2048;

/** Longest side of each download definition: standard 1080 px, 2K 2048 px. */
export const DOWNLOAD_LONG_SIDE: Record<(typeof DOWNLOAD_DEFINITIONS)[number], number> = { '1080P': 1080, '2K': 2048 };

/** Width and height of a picture of `width` x `height` downloaded at `definition` (never enlarged). */
export function downloadSize(width: number, height: number, definition: (typeof DOWNLOAD_DEFINITIONS)[number]): [number, number] {
  const scale = Math.min(1, DOWNLOAD_LONG_SIDE[definition] / Math.max(width, height, 1));
  return [Math.max(1, Math.round(width * scale)), Math.max(1, Math.round(height * scale))];
}
