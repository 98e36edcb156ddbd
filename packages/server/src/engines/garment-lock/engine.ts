import sharp from 'sharp';
import { encodePng } from '../local/imaging.ts';
import { checkAborted, type Engine, type EngineOutput, type EngineResult } from '../types.ts';
import { type Fidelity, type LockNote, lockPictures, type ProductLayer, productLayer } from './lock.ts';

/**
 * The garment lock's CPU work as an engine, so the `ai-photo` engine runs it in the engine pool's
 * threads (engines/pool.ts) like the local engine's image work, never on the event loop of the
 * process (an API process in the default install, where the queue is in-process):
 *
 * - `{ mode: 'cutout' }`, one input (the product photo): the product layer (the local cutout) as a
 *   transparent PNG, for providers that want the subject alone (DashScope's background generation);
 * - `{ mode: 'lock', ratio, layer }`, inputs [the product photo or its cutout PNG (`layer: 'cutout'`),
 *   ...the provider's pictures]: one outcome per picture in `data` (locked, or why not), and the files
 *   of the pictures that took the product's pixels back, in order.
 */
export interface LockJobData {
  /** Per picture: locked or why not, and the CIEDE2000 inside the garment after the lock (null when it could not be placed). */
  outcomes: Array<{ locked: boolean; note: LockNote | null; fidelity: Fidelity | null }>;
}

/** The product layer of a cutout PNG made by the `cutout` mode (its alpha is the cutout's). */
async function layerOfPng(png: Buffer): Promise<ProductLayer> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data };
}

/** Width / height of the product photo as shown (EXIF orientations 5 to 8 turn it a quarter, as the cutout does). */
async function photoAspect(photo: Buffer): Promise<number> {
  const meta = await sharp(photo)
    .metadata()
    .catch(() => null);
  if (!meta?.width || !meta.height) return 0;
  return (meta.orientation ?? 1) >= 5 ? meta.height / meta.width : meta.width / meta.height;
}

export function createGarmentLockEngine(): Engine<EngineResult> {
  return {
    name: 'garment-lock',
    bizTypes: [],
    async run(job) {
      const [source, ...pictures] = job.inputs;
      if (!source) throw new Error('the garment lock needs the product photo');
      if (job.params.mode === 'cutout') {
        const layer = await productLayer(source.buffer, job.signal);
        return { files: [{ buffer: await encodePng(layer), contentType: 'image/png', type: 'image', ext: 'png' }] };
      }
      const fromCutout = job.params.layer === 'cutout';
      let layer: Promise<ProductLayer> | undefined;
      const layerOf = () => {
        layer ??= fromCutout ? layerOfPng(source.buffer) : productLayer(source.buffer, job.signal);
        return layer;
      };
      const outcomes = await lockPictures(
        await photoAspect(source.buffer),
        layerOf,
        pictures.map((p) => p.buffer),
        { ratio: job.params.ratio },
      );
      checkAborted(job.signal);
      const files: EngineOutput[] = outcomes
        .filter((o) => o.locked)
        .map((o) => ({ buffer: o.buffer, contentType: 'image/png', type: 'image', ext: 'png' }));
      const data: LockJobData = {
        outcomes: outcomes.map((o) => ({ locked: o.locked, note: o.note ?? null, fidelity: o.fidelity })),
      };
      return { files, data };
    },
  };
}
