import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as zxingNs from '@zxing/library';
import jsQRModule from 'jsqr';
import sharp from 'sharp';

// @zxing/library is CommonJS to Node: its named exports arrive on the default export.
const zx = ((zxingNs as unknown as { default?: typeof zxingNs }).default ?? zxingNs) as typeof zxingNs;
const { BarcodeFormat, BinaryBitmap, DecodeHintType, HybridBinarizer, QRCodeReader, RGBLuminanceSource } = zx;

/**
 * QR decoders used to verify QR art: jsQR (JavaScript port of the ZXing-derived finder plus its own
 * binariser), ZXing (`@zxing/library`, the TypeScript port of ZXing's HybridBinarizer and
 * QRCodeReader) and zbar (`zbarimg` from Debian's zbar-tools, an independent C implementation used
 * when the binary is installed). Three implementations with different binarisers and samplers: a
 * code all three read is one that phones read.
 */

/**
 * jsQR's typings declare an ES default export while the package is CommonJS (module.exports is the
 * function, with a `default` property too): take whichever this module system hands us.
 */
type JsQr = typeof import('jsqr')['default'];
const jsQR: JsQr = ((jsQRModule as unknown as { default?: JsQr }).default ?? jsQRModule) as JsQr;

/** The text of the QR code in an RGBA picture (jsQR), or undefined when none is found. */
export function decodeQr(rgba: Uint8Array, width: number, height: number): string | undefined {
  const pixels = new Uint8ClampedArray(rgba.buffer, rgba.byteOffset, rgba.length);
  return jsQR(pixels, width, height, { inversionAttempts: 'dontInvert' })?.data;
}

const zxingHints = new Map<zxingNs.DecodeHintType, unknown>([
  [DecodeHintType.POSSIBLE_FORMATS, [BarcodeFormat.QR_CODE]],
  [DecodeHintType.TRY_HARDER, true],
]);

/** The text of the QR code in an RGBA picture read by ZXing, or undefined. */
export function decodeQrZxing(rgba: Uint8Array, width: number, height: number): string | undefined {
  // ZXing's own luminance formula (green-favouring average) on one byte per pixel.
  const lum = new Uint8ClampedArray(width * height);
  for (let i = 0, p = 0; i < lum.length; i++, p += 4) lum[i] = (rgba[p]! + 2 * rgba[p + 1]! + rgba[p + 2]!) >> 2;
  try {
    const bitmap = new BinaryBitmap(new HybridBinarizer(new RGBLuminanceSource(lum, width, height)));
    return new QRCodeReader().decode(bitmap, zxingHints).getText();
  } catch {
    return undefined;
  }
}

let zbarPath: string | null | undefined;
/** Path of `zbarimg` when zbar-tools is installed, else null. */
export function zbarimgPath(): string | null {
  if (zbarPath === undefined) {
    zbarPath = ['/usr/bin/zbarimg', '/usr/local/bin/zbarimg'].find((p) => fs.existsSync(p)) ?? null;
  }
  return zbarPath;
}

/** The text zbar reads from an encoded picture (PNG or JPEG), undefined when it reads none. */
export async function decodeQrZbar(encoded: Buffer): Promise<string | undefined> {
  const bin = zbarimgPath();
  if (!bin) throw new Error('zbarimg is not installed (Debian package zbar-tools)');
  // zbarimg reads through ImageMagick, which goes by the file's extension.
  const ext = encoded[0] === 0xff && encoded[1] === 0xd8 ? 'jpg' : 'png';
  const file = path.join(os.tmpdir(), `qr-${process.pid}-${Math.random().toString(36).slice(2)}.${ext}`);
  await fs.promises.writeFile(file, encoded);
  try {
    return await new Promise((resolve) => {
      execFile(bin, ['-q', '--raw', '-Sdisable', '-Sqrcode.enable', file], { encoding: 'buffer' }, (err, stdout) => {
        if (err) return resolve(undefined);
        // --raw prints the data followed by one newline per symbol.
        resolve(stdout.toString('utf8').replace(/\n$/, ''));
      });
    });
  } finally {
    await fs.promises.rm(file, { force: true });
  }
}

export type QrDecoder = 'jsqr' | 'zxing' | 'zbar';
export type ScanCondition = 'full' | 'small' | 'jpeg';

/** The picture as a scanner sees it: as delivered, shrunk to 360 px, or shrunk and saved as JPEG q60. */
export async function underCondition(
  png: Buffer,
  condition: ScanCondition,
): Promise<{ raw: Buffer; width: number; height: number; encoded: Buffer }> {
  let pipeline = sharp(png);
  if (condition !== 'full') pipeline = pipeline.resize(360, 360, { fit: 'inside' });
  const encoded = condition === 'jpeg' ? await pipeline.jpeg({ quality: 60 }).toBuffer() : await pipeline.png().toBuffer();
  const { data, info } = await sharp(encoded).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { raw: data, width: info.width, height: info.height, encoded };
}

/** What one decoder reads under one condition. */
export async function decodeWith(
  decoder: QrDecoder,
  seen: Awaited<ReturnType<typeof underCondition>>,
): Promise<string | undefined> {
  if (decoder === 'jsqr') return decodeQr(seen.raw, seen.width, seen.height);
  if (decoder === 'zxing') return decodeQrZxing(seen.raw, seen.width, seen.height);
  return decodeQrZbar(seen.encoded);
}
