import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { REWRITE_VIDEO } from '@productimage/core';
import { ffmpegPath, probeMedia } from '../engines/local/ffmpeg.ts';

/**
 * The original video of a script rewrite, read with ffmpeg (the build @ffmpeg-installer ships, the
 * one the image-to-video engine uses): its duration, and its shots found by scene change
 * (`select='gt(scene,0.3)'`), each with its first frame as a small JPEG keyframe. A video without
 * cuts longer than a few seconds is split evenly, so the script still has a rhythm to follow.
 */
export interface VideoAnalysis {
  durationSeconds: number;
  shots: Array<{ start: number; end: number; frame: Buffer | null }>;
}

/** Scene-change threshold of ffmpeg's `scene` score (0–1). */
const SCENE_THRESHOLD = 0.3;
/** A cut-free video longer than this is split evenly into shots of about this length. */
const EVEN_SHOT_SECONDS = 4;

export class VideoUnreadable extends Error {}

export async function analyseVideo(data: Buffer, signal?: AbortSignal): Promise<VideoAnalysis> {
  const dir = await mkdtemp(path.join(tmpdir(), 'rewrite-video-'));
  try {
    const file = path.join(dir, 'in.video');
    await writeFile(file, data);
    let info: Awaited<ReturnType<typeof probeMedia>>;
    try {
      info = await probeMedia(file);
    } catch {
      throw new VideoUnreadable('not a video');
    }
    const duration = info.durationSeconds;
    if (!(duration > 0)) throw new VideoUnreadable('no duration');
    const child = spawn(
      ffmpegPath(),
      [
        '-hide_banner',
        '-i',
        file,
        '-map',
        '0:v:0',
        '-vf',
        `select='eq(n\\,0)+gt(scene\\,${SCENE_THRESHOLD})',showinfo,scale=320:-2`,
        '-vsync',
        'vfr',
        '-frames:v',
        String(REWRITE_VIDEO.maxShots),
        '-q:v',
        '5',
        path.join(dir, 'kf%02d.jpg'),
      ],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    const kill = () => child.kill('SIGKILL');
    signal?.addEventListener('abort', kill, { once: true });
    let log = '';
    child.stderr.on('data', (d: Buffer) => {
      log += d.toString();
    });
    const [code] = (await once(child, 'close')) as [number | null];
    signal?.removeEventListener('abort', kill);
    if (code !== 0) throw new VideoUnreadable(`ffmpeg exited with ${code}`);
    const times = [...log.matchAll(/Parsed_showinfo.*?pts_time:\s*([\d.]+)/g)].map((m) => Number(m[1]));
    const files = (await readdir(dir)).filter((f) => /^kf\d+\.jpg$/.test(f)).sort();
    const frames = await Promise.all(files.map((f) => readFile(path.join(dir, f))));
    const starts = times.length ? times : [0];
    starts[0] = 0;
    let shots: VideoAnalysis['shots'] = starts.map((start, i) => ({
      start: round(start),
      end: round(Math.min(duration, starts[i + 1] ?? duration)),
      frame: frames[i] ?? null,
    }));
    if (shots.length === 1 && duration > EVEN_SHOT_SECONDS * 1.5) {
      const count = Math.min(REWRITE_VIDEO.maxShots, Math.round(duration / EVEN_SHOT_SECONDS));
      const step = duration / count;
      shots = Array.from({ length: count }, (_, i) => ({
        start: round(i * step),
        end: round(Math.min(duration, (i + 1) * step)),
        frame: i === 0 ? (frames[0] ?? null) : null,
      }));
    }
    return { durationSeconds: round(duration), shots };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const round = (n: number) => Math.round(n * 10) / 10;
