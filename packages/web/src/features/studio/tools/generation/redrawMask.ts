/** Painted pixels with alpha above this count as a stroke (faint anti-aliasing does not). */
const PAINT_THRESHOLD = 8;

/**
 * The redraw mask from the user's strokes (RGBA of the painting layer): transparent where painted
 * (the area the engine redraws), opaque black elsewhere (kept), as the images API's edit mask and
 * ComfyUI's LoadImage MASK read it. Null when nothing is painted ("Mask Cannot Be Empty").
 */
export function redrawMaskPixels(painted: Uint8ClampedArray): Uint8ClampedArray | null {
  const out = new Uint8ClampedArray(painted.length);
  let any = false;
  for (let i = 3; i < painted.length; i += 4) {
    const stroke = painted[i]! > PAINT_THRESHOLD;
    if (stroke) any = true;
    out[i] = stroke ? 0 : 255;
  }
  return any ? out : null;
}
