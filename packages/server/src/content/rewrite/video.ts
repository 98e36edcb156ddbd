import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { REWRITE_VIDEO } from '@productimage/core';
import { AppError } from '../../platform/http/errors.ts';
import { checkVideo, decodeBudget, probeVideo, runFfmpeg, type VideoHeader } from '../../platform/sandbox/ffmpeg.ts';
import { tooComplex } from '../../platform/sandbox/refusal.ts';

/**
 * The original video of a script rewrite, read with ffmpeg (the build @ffmpeg-installer ships, the
 * one the image-to-video engine uses): its duration, and its shots found by scene change
 * (`select='gt(scene,0.3)'`), each with its first frame as a small JPEG keyframe. A video without
 * cuts longer than a few seconds is split evenly, so the script still has a rhythm to follow.
 *
 * Untrusted input (issue 26): the header is read first without decoding (sandbox/ffmpeg.ts
 * `probeVideo`): a video over REWRITE_VIDEO.maxSeconds or the sandbox's pixel and frame limits is
 * refused before any frame is decoded, and the one decode runs through the ffmpeg runner
 * (concurrency, one run at a time per user, CPU and wall limits, killed when the request ends),
 * reading at most REWRITE_VIDEO.maxSeconds of video even when the header gives no duration. The
 * decode is bounded by what it decodes (issue 42, sandbox/ffmpeg.ts `decodeBudget`): frames counted
 * and cut at the budget, none larger than the header's size; a file holding more than its header
 * claimed is refused.
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

export async function analyseVideo(data: Buffer, signal?: AbortSignal, owner?: string): Promise<VideoAnalysis> {
  const dir = await mkdtemp(path.join(tmpdir(), 'rewrite-video-'));
  try {
    const file = path.join(dir, 'in.video');
    await writeFile(file, data);
    let header: VideoHeader;
    try {
      header = await probeVideo(file, signal, owner);
    } catch (err) {
      if (err instanceof AppError && err.key === 'fileUnreadable') throw new VideoUnreadable('not a video');
      throw err;
    }
    if (header.durationSeconds !== null && header.durationSeconds > REWRITE_VIDEO.maxSeconds)
      throw new AppError('rewriteVideoTooLong', { max: REWRITE_VIDEO.maxSeconds });
    checkVideo(header);
    // Bounded by what is decoded, not by what the header claims (issue 42): at most budget.frames + 1
    // frames, none larger than the header's size, on one core.
    const budget = decodeBudget(header);
    const run = await runFfmpeg(
      [
        '-hide_banner',
        ...['-threads', '1', '-max_pixels', String(budget.maxPixels)],
        // At most one second past the limit is ever read, by time stamps too.
        ...['-t', String(REWRITE_VIDEO.maxSeconds + 1)],
        ...['-i', file],
        '-filter_complex',
        `[0:v:0]trim=end_frame=${budget.frames + 1},split=2[all][shots];` +
          `[shots]select='eq(n\\,0)+gt(scene\\,${SCENE_THRESHOLD})',showinfo,scale=320:-2[keys]`,
        // Every frame: not dropped or doubled on the way to either output, so the first output's
        // count (ffmpeg's `frame=`) is the number of frames decoded.
        ...['-vsync', 'passthrough'],
        ...['-map', '[all]', '-f', 'null', '-'],
        ...['-map', '[keys]', '-frames:v', String(REWRITE_VIDEO.maxShots), '-q:v', '5', path.join(dir, 'kf%02d.jpg')],
      ],
      { signal, owner },
    );
    const code = await run.exited;
    if (code !== 0) throw new VideoUnreadable(`ffmpeg exited with ${code}`);
    const log = run.stderr();
    const decodedFrames = Number([...log.matchAll(/frame=\s*(\d+)/g)].at(-1)?.[1] ?? 0);
    if (decodedFrames > budget.frames) throw tooComplex(budget.limit);
    // The decode's last time stamp, not only the header's claim, is the video's length.
    const decoded = [...log.matchAll(/time=(\d+):(\d+):([\d.]+)/g)].at(-1);
    const decodedSeconds = decoded ? Number(decoded[1]) * 3600 + Number(decoded[2]) * 60 + Number(decoded[3]) : 0;
    const duration = Math.max(header.durationSeconds ?? 0, decodedSeconds);
    if (!(duration > 0)) throw new VideoUnreadable('no duration');
    if (duration > REWRITE_VIDEO.maxSeconds) throw new AppError('rewriteVideoTooLong', { max: REWRITE_VIDEO.maxSeconds });
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
