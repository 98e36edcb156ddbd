/** Alpha at or below this counts as "removed" when deciding whether a mask keeps anything. */
const KEEP_THRESHOLD = 8;

/** True when an RGBA layer has no visible pixel (spec 001 §5: "Mask Cannot Be Empty"). */
export function isMaskEmpty(rgba: Uint8ClampedArray): boolean {
  for (let i = 3; i < rgba.length; i += 4) if (rgba[i]! > KEEP_THRESHOLD) return false;
  return true;
}
