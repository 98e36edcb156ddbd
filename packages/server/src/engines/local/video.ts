import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { VIDEO, type VideoParams } from '@productimage/core';
import sharp from 'sharp';
import { USER_IMAGE_INPUT } from '../../platform/sandbox/limits.ts';
import { checkAborted, EngineInputError, type EngineJob, type EngineOutput } from '../types.ts';
import { growMask } from './clean-plate.ts';
import { startFfmpeg } from './ffmpeg.ts';

/**
 * IMG_2_VEDIO: a short video from one picture by camera motion (pan left/right/up/down, rotate
 * clockwise/anticlockwise, zoom in/out), encoded by ffmpeg as mp4 (H.264) or GIF.
 *
 * Frames are rendered here rather than with ffmpeg's zoompan/crop filters, which move in whole
 * pixels and make slow moves judder: each output pixel is mapped through the camera transform
 * (scale, rotation, position) into the source and sampled bilinearly, so motion is sub-pixel smooth.
 * The 'motion trail' type blends each frame with the previous output so moves leave a fading trail.
 */

const BOXES = { '720p': [1280, 720], '480p': [854, 480] } as const;

/** Output size: the picture's aspect fitted into 1280x720 (or 854x480), turned for portrait pictures; even sides. */
export function videoSize(resolution: VideoParams['resolutionRatio'], width: number, height: number): [number, number] {
  const [long, short] = BOXES[resolution];
  const [boxW, boxH] = width >= height ? [long, short] : [short, long];
  const scale = Math.min(boxW / width, boxH / height);
  const even = (v: number) => Math.max(2, Math.floor(v / 2) * 2);
  return [even(width * scale), even(height * scale)];
}

interface Camera {
  /** Zoom relative to showing the whole picture (>= 1). */
  zoom: number;
  /** Rotation in radians, positive turns the picture clockwise on screen. */
  angle: number;
  /** Viewport centre, as a fraction of the free travel range: -1..1 on each axis. */
  panX: number;
  panY: number;
}

const ease = (t: number) => 0.5 - Math.cos(Math.PI * t) / 2;

/** Zoom needed so a viewport of this aspect, turned by `angle`, stays inside the picture. */
function coverZoom(angle: number, aspect: number): number {
  const a = Math.abs(angle);
  return Math.cos(a) + Math.sin(a) * Math.max(aspect, 1 / aspect);
}

/**
 * Files play at this rate whatever the spec's fps level (issue 30: 9 fps looked like a slide show);
 * GIF frame delays are whole centiseconds, so GIFs play at 25 (4 cs a frame).
 */
export const PLAYBACK_FPS = VIDEO.playbackFps.mp4;
export const playbackFps = (format: VideoParams['format']) => VIDEO.playbackFps[format];

/**
 * The camera path of each of the genNum copies (issue 30: four copies looked alike): the chosen
 * move plus a drift across it (a share of the free travel), a gentle arc, and a zoom that eases in
 * or out on top, each copy its own.
 */
export interface CameraPath {
  drift: number;
  arc: number;
  zoomBias: number;
}

export const CAMERA_PATHS: readonly CameraPath[] = [
  { drift: 0, arc: 0, zoomBias: 0 },
  { drift: 0.55, arc: 0.35, zoomBias: 0.08 },
  { drift: -0.55, arc: -0.35, zoomBias: -0.06 },
  { drift: 0.3, arc: -0.6, zoomBias: 0.14 },
];

/** The camera of a copy at time t: the move of `cameraAt` along the copy's own path. */
export function pathCameraAt(
  lens: VideoParams['lenControl'],
  amount: number,
  t: number,
  aspect: number,
  path: CameraPath,
): Camera {
  const cam = cameraAt(lens, amount, t, aspect, path.drift * ease(t));
  const e = ease(t);
  const arc = path.arc * Math.sin(Math.PI * t);
  const horizontal = lens === 'L' || lens === 'R';
  return {
    ...cam,
    zoom: cam.zoom * (1 + Math.abs(path.zoomBias) * (path.zoomBias >= 0 ? e : 1 - e)),
    panX: Math.max(-1, Math.min(1, cam.panX + (horizontal ? 0 : arc))),
    panY: Math.max(-1, Math.min(1, cam.panY + (horizontal ? arc : 0))),
  };
}

/** The camera at time t (0..1) for a direction and motion amount (1 = the spec's default motion). */
export function cameraAt(lens: VideoParams['lenControl'], amount: number, t: number, aspect: number, drift = 0): Camera {
  const e = ease(t);
  const panZoom = 1 + 0.22 * amount;
  switch (lens) {
    case 'L':
      return { zoom: panZoom, angle: 0, panX: 1 - 2 * e, panY: drift };
    case 'R':
      return { zoom: panZoom, angle: 0, panX: -1 + 2 * e, panY: drift };
    case 'U':
      return { zoom: panZoom, angle: 0, panX: drift, panY: 1 - 2 * e };
    case 'D':
      return { zoom: panZoom, angle: 0, panX: drift, panY: -1 + 2 * e };
    case 'I':
      return { zoom: 1 + 0.45 * amount * e, angle: 0, panX: drift * e, panY: 0 };
    case 'O':
      return { zoom: 1 + 0.45 * amount * (1 - e), angle: 0, panX: drift * (1 - e), panY: 0 };
    case 'CW':
    case 'ACW': {
      const angle = (lens === 'CW' ? 1 : -1) * ((10 * Math.PI) / 180) * amount * e;
      return { zoom: coverZoom(angle, aspect) * 1.02, angle, panX: drift * e, panY: 0 };
    }
  }
}

/**
 * Renders one frame: for every output pixel, the source position under the camera, sampled
 * bilinearly. `src` is RGB at `sw` x `sh`, the same aspect as the output.
 */
export function renderFrame(src: Buffer, sw: number, sh: number, out: Buffer, w: number, h: number, cam: Camera): void {
  // Source pixels per output pixel, and the viewport's free travel inside the picture.
  const scale = sw / w / cam.zoom;
  const travelX = Math.max(0, (sw - sw / cam.zoom) / 2) * (cam.angle === 0 ? 1 : 0);
  const travelY = Math.max(0, (sh - sh / cam.zoom) / 2) * (cam.angle === 0 ? 1 : 0);
  const cx = sw / 2 + cam.panX * travelX;
  const cy = sh / 2 + cam.panY * travelY;
  // Picture turned clockwise on screen = sample with the inverse (anticlockwise) rotation.
  const cos = Math.cos(-cam.angle) * scale;
  const sin = Math.sin(-cam.angle) * scale;
  const maxX = sw - 1.001;
  const maxY = sh - 1.001;
  let o = 0;
  for (let y = 0; y < h; y++) {
    const dy = y + 0.5 - h / 2;
    for (let x = 0; x < w; x++) {
      const dx = x + 0.5 - w / 2;
      let sx = cx + dx * cos - dy * sin - 0.5;
      let sy = cy + dx * sin + dy * cos - 0.5;
      sx = sx < 0 ? 0 : Math.min(sx, maxX);
      sy = sy < 0 ? 0 : Math.min(sy, maxY);
      const x0 = sx | 0;
      const y0 = sy | 0;
      const fx = sx - x0;
      const fy = sy - y0;
      const i00 = (y0 * sw + x0) * 3;
      const i10 = i00 + 3;
      const i01 = i00 + sw * 3;
      const i11 = i01 + 3;
      const w00 = (1 - fx) * (1 - fy);
      const w10 = fx * (1 - fy);
      const w01 = (1 - fx) * fy;
      const w11 = fx * fy;
      out[o] = src[i00]! * w00 + src[i10]! * w10 + src[i01]! * w01 + src[i11]! * w11 + 0.5;
      out[o + 1] = src[i00 + 1]! * w00 + src[i10 + 1]! * w10 + src[i01 + 1]! * w01 + src[i11 + 1]! * w11 + 0.5;
      out[o + 2] = src[i00 + 2]! * w00 + src[i10 + 2]! * w10 + src[i01 + 2]! * w01 + src[i11 + 2]! * w11 + 0.5;
      o += 3;
    }
  }
}

function seeded(seed: number) {
  let s = seed >>> 0 || 1;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

export interface RenderVideoOptions {
  picture: Buffer;
  params: VideoParams;
  /** Which of genNum outputs this is (varies the move slightly). */
  variant: number;
  seed: number;
  signal: AbortSignal;
  onFrame?: (done: number, total: number) => void;
}

/** One video file (mp4 or gif) of `duration` seconds at `fps`. */
export async function renderVideo(o: RenderVideoOptions): Promise<Buffer> {
  const p = o.params;
  const meta = await sharp(o.picture).rotate().metadata();
  const oriented = (meta.orientation ?? 1) >= 5;
  const pw = (oriented ? meta.height : meta.width) ?? 0;
  const ph = (oriented ? meta.width : meta.height) ?? 0;
  if (!pw || !ph) throw new EngineInputError('unreadable picture');
  const [w, h] = videoSize(p.resolutionRatio, pw, ph);
  const random = seeded(o.seed + o.variant * 7919);
  // The spec's fps level (high 9, medium 8, low 7) sets the pace: how far the camera goes in the time.
  const pace = p.fps / 9;
  const amount = Math.min(2.5, Math.max(0.15, (p.motionBucket / 60) * (p.motionDistance / 3))) * pace * (0.95 + random() * 0.1);
  const route = CAMERA_PATHS[o.variant % CAMERA_PATHS.length]!;
  // Every file plays at PLAYBACK_FPS: each frame is rendered (sub-pixel camera), none repeated.
  const rate = playbackFps(p.format);
  const frames = Math.max(2, Math.round(p.duration * rate));
  const cameras = Array.from({ length: frames }, (_, i) => pathCameraAt(p.lenControl, amount, i / (frames - 1), w / h, route));
  // Render from a source large enough that the tightest view is sampled at about one source pixel per output pixel.
  const headroom = Math.min(2, Math.max(...cameras.map((c) => c.zoom)));
  const sw = Math.round(w * headroom);
  const sh = Math.round(h * headroom);
  const parallax = p.type === '3' ? await parallaxLayers(o.picture, sw, sh, o.signal) : null;
  const src =
    parallax?.background ??
    (await sharp(o.picture, USER_IMAGE_INPUT)
      .rotate()
      .resize(sw, sh, { fit: 'cover' })
      .removeAlpha()
      .toColourspace('srgb')
      .raw()
      .toBuffer());
  checkAborted(o.signal);
  // The subject layer moves further than the background (it is nearer the camera).
  const near = parallax
    ? Array.from({ length: frames }, (_, i) => {
        const c = pathCameraAt(p.lenControl, amount * PARALLAX_DEPTH, i / (frames - 1), w / h, route);
        return { ...c, zoom: Math.max(c.zoom, cameras[i]!.zoom * 1.04) };
      })
    : null;

  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'inspo-video-'));
  const file = path.join(dir, `out.${p.format}`);
  try {
    const input = ['-f', 'rawvideo', '-pix_fmt', 'rgb24', '-s', `${w}x${h}`, '-framerate', String(rate), '-i', 'pipe:0'];
    // Crisp text and edges: a lower CRF, the high profile, and a full-range BT.709 tag so players
    // do not shift the picture's colours; a keyframe every second keeps seeking sharp.
    const encode =
      p.format === 'mp4'
        ? [
            ...['-c:v', 'libx264', '-preset', 'medium', '-crf', '17', '-profile:v', 'high', '-pix_fmt', 'yuv420p'],
            ...['-g', String(rate), '-colorspace', 'bt709', '-color_primaries', 'bt709', '-color_trc', 'bt709'],
            ...['-movflags', '+faststart'],
          ]
        : [
            '-filter_complex',
            '[0:v]split[a][b];[a]palettegen=stats_mode=full[p];[b][p]paletteuse=dither=sierra2_4a',
            '-loop',
            '0',
          ];
    const ffmpeg = startFfmpeg(['-y', ...input, ...encode, '-r', String(rate), '-t', String(p.duration), file], o.signal);
    const frame = Buffer.alloc(w * h * 3);
    const trail = p.type === '2' ? Buffer.alloc(w * h * 3) : null;
    const subjectFrame = parallax ? Buffer.alloc(w * h * 3) : null;
    const alphaFrame = parallax ? Buffer.alloc(w * h * 3) : null;
    for (let i = 0; i < frames; i++) {
      checkAborted(o.signal);
      renderFrame(src, sw, sh, frame, w, h, cameras[i]!);
      if (parallax && near && subjectFrame && alphaFrame) {
        renderFrame(parallax.subject, sw, sh, subjectFrame, w, h, near[i]!);
        renderFrame(parallax.alpha, sw, sh, alphaFrame, w, h, near[i]!);
        for (let k = 0; k < frame.length; k++) {
          const a = alphaFrame[k]! / 255;
          frame[k] = (subjectFrame[k]! * a + frame[k]! * (1 - a) + 0.5) | 0;
        }
      }
      if (trail) {
        // Motion trail: the new frame over a fading memory of the previous ones.
        for (let k = 0; k < frame.length; k++) trail[k] = i === 0 ? frame[k]! : (frame[k]! * 0.55 + trail[k]! * 0.45 + 0.5) | 0;
      }
      await ffmpeg.write(Buffer.from(trail ?? frame));
      o.onFrame?.(i + 1, frames);
    }
    await ffmpeg.finish();
    return await fs.promises.readFile(file);
  } finally {
    await fs.promises.rm(dir, { recursive: true, force: true });
  }
}

/** How much further the subject layer travels than the background in the parallax mode. */
const PARALLAX_DEPTH = 1.7;

/**
 * The two layers of the 2.5D parallax mode at `sw` x `sh` (RGB, the picture's cover crop): the main
 * subject (cutout.ts) with its alpha (as RGB, for the same sampler), and the background with the
 * hole behind the subject filled from its surroundings (a normalised blur, coarse then fine, over
 * the subject grown a little), so the moving subject never uncovers a copy of itself.
 */
export async function parallaxLayers(picture: Buffer, sw: number, sh: number, signal: AbortSignal) {
  const { cutoutRgba } = await import('./cutout.ts');
  const cut = await cutoutRgba(picture, signal);
  const cover = (channels: 3 | 4, data: Buffer) =>
    sharp(data, { raw: { width: cut.width, height: cut.height, channels } })
      .resize(sw, sh, { fit: 'cover' })
      .raw()
      .toBuffer();
  const rgba = await cover(4, cut.data);
  const n = sw * sh;
  const subject = Buffer.allocUnsafe(n * 3);
  const alpha = Buffer.allocUnsafe(n * 3);
  const hole = Buffer.allocUnsafe(n);
  for (let i = 0; i < n; i++) {
    subject[i * 3] = rgba[i * 4]!;
    subject[i * 3 + 1] = rgba[i * 4 + 1]!;
    subject[i * 3 + 2] = rgba[i * 4 + 2]!;
    const a = rgba[i * 4 + 3]!;
    alpha[i * 3] = a;
    alpha[i * 3 + 1] = a;
    alpha[i * 3 + 2] = a;
    hole[i] = a > 8 ? 255 : 0;
  }
  // Grow the hole so the subject's soft edge is filled too (growMask: sharp's dilate shrinks white on
  // black, which left the subject's outline outside the hole to smear into the fill).
  const grown = growMask(hole, sw, sh, Math.max(2, Math.round(Math.min(sw, sh) / 120)));
  const photo = await sharp(picture, USER_IMAGE_INPUT)
    .rotate()
    .resize(sw, sh, { fit: 'cover' })
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer();
  let background = photo;
  for (const sigma of [Math.min(sw, sh) / 8, Math.min(sw, sh) / 30]) {
    // Normalised convolution: blur(picture * known) / blur(known), known = outside the hole.
    const weighted = Buffer.allocUnsafe(n * 3);
    const known = Buffer.allocUnsafe(n);
    for (let i = 0; i < n; i++) {
      const k = 255 - grown[i]!;
      known[i] = k;
      for (let c = 0; c < 3; c++) weighted[i * 3 + c] = (background[i * 3 + c]! * k) / 255;
    }
    const blur = (data: Buffer, channels: 1 | 3) => {
      const blurred = sharp(data, { raw: { width: sw, height: sh, channels } }).blur(Math.max(0.5, sigma));
      return (channels === 1 ? blurred.extractChannel(0) : blurred).raw().toBuffer();
    };
    const [sum, weight] = await Promise.all([blur(weighted, 3), blur(known, 1)]);
    const filled = Buffer.from(photo);
    for (let i = 0; i < n; i++) {
      if (!grown[i]) continue;
      const k = weight[i]!;
      for (let c = 0; c < 3; c++) filled[i * 3 + c] = k > 2 ? clamp((sum[i * 3 + c]! * 255) / k) : background[i * 3 + c]!;
    }
    background = filled;
    checkAborted(signal);
  }
  return { background, subject, alpha };
}

const clamp = (v: number) => (v <= 0 ? 0 : v >= 255 ? 255 : Math.round(v));

export async function runVideo(job: EngineJob<VideoParams>): Promise<EngineOutput[]> {
  const input = job.inputs[0];
  if (!input) throw new EngineInputError('IMG_2_VEDIO needs one input');
  const p = job.params;
  // A fixed seed renders the same video for the same task; without one every render varies.
  const seed = p.enableSeed
    ? Number.parseInt(crypto.createHash('sha1').update(job.taskId).digest('hex').slice(0, 8), 16)
    : crypto.randomInt(2 ** 31);
  const outputs: EngineOutput[] = [];
  for (let variant = 0; variant < p.genNum; variant++) {
    const buffer = await renderVideo({
      picture: input.buffer,
      params: p,
      variant,
      seed,
      signal: job.signal,
      onFrame: (done, total) => job.progress(Math.round(((variant + done / total) / p.genNum) * 99)),
    });
    outputs.push(
      p.format === 'mp4'
        ? { buffer, contentType: 'video/mp4', type: 'video', ext: 'mp4' }
        : { buffer, contentType: 'image/gif', type: 'video', ext: 'gif' },
    );
  }
  job.progress(100);
  return outputs;
}
