import jsQRModule from 'jsqr';

/**
 * jsQR's typings declare an ES default export while the package is CommonJS (module.exports is the
 * function, with a `default` property too): take whichever this module system hands us.
 */
type JsQr = typeof import('jsqr')['default'];
const jsQR: JsQr = ((jsQRModule as unknown as { default?: JsQr }).default ?? jsQRModule) as JsQr;

/** The text of the QR code in an RGBA picture, or undefined when none is found. */
export function decodeQr(rgba: Uint8Array, width: number, height: number): string | undefined {
  const pixels = new Uint8ClampedArray(rgba.buffer, rgba.byteOffset, rgba.length);
  return jsQR(pixels, width, height, { inversionAttempts: 'dontInvert' })?.data;
}
