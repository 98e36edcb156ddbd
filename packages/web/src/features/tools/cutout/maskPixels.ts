/** Alpha at or below this counts as "removed" when deciding whether a mask keeps anything. */
const KEEP_THRESHOLD = 8;

/** True when an RGBA mask keeps no pixel at all (spec 001 §5: "Mask Cannot Be Empty"). */
export function isMaskEmpty(rgba: Uint8ClampedArray): boolean {
  for (let i = 3; i < rgba.length; i += 4) if (rgba[i]! > KEEP_THRESHOLD) return false;
  return true;
}

/**
 * Turns the editor's mask (white where kept, alpha = how much) into the grayscale mask the server
 * takes: opaque pixels whose brightness is the kept amount (white keep, black remove).
 */
export function alphaToGray(rgba: Uint8ClampedArray): Uint8ClampedArray<ArrayBuffer> {
  const out = new Uint8ClampedArray(rgba.length);
  for (let i = 0; i < rgba.length; i += 4) {
    const a = rgba[i + 3]!;
    out[i] = a;
    out[i + 1] = a;
    out[i + 2] = a;
    out[i + 3] = 255;
  }
  return out;
}
