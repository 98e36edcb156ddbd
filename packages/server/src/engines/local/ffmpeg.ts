import { type FfmpegProcess, ffmpegPath, ffmpegToEnd, startFfmpegEncoder } from '../../platform/sandbox/ffmpeg.ts';

/**
 * ffmpeg for the local engines. Every process starts through the server's one ffmpeg runner
 * (sandbox/ffmpeg.ts: concurrency, CPU and wall limits, killed on abort; issue 26); this file keeps
 * the engines' calls as they were.
 */
export { type FfmpegProcess, ffmpegPath };

/** Starts ffmpeg with the given arguments (frames on stdin); the signal kills it. */
export function startFfmpeg(args: string[], signal?: AbortSignal): FfmpegProcess {
  return startFfmpegEncoder(args, signal);
}

export interface MediaInfo {
  durationSeconds: number;
  fps: number;
  width: number;
  height: number;
  codec: string;
  frames: number;
}

/**
 * Reads a media file's duration, frame rate, size, codec and frame count by decoding it with ffmpeg
 * (the installer ships no ffprobe): the stream header gives the first four, the decode the count.
 * For files this server made (e.g. checking an engine's output); an untrusted upload is checked by
 * its header first (sandbox/ffmpeg.ts `probeVideo`).
 */
export async function probeMedia(file: string, signal?: AbortSignal): Promise<MediaInfo> {
  let text: string;
  try {
    text = await ffmpegToEnd(['-i', file, '-map', '0:v:0', '-f', 'null', '-'], { signal });
  } catch (err) {
    throw new Error(`not a video: ${(err as Error).message.slice(0, 500)}`);
  }
  // GIFs carry no duration in the header: the decode's final time stamp has it.
  const duration = text.match(/Duration: (\d+):(\d+):([\d.]+)/) ?? [...text.matchAll(/time=(\d+):(\d+):([\d.]+)/g)].at(-1);
  const stream = text.match(/Stream #0:0.*?Video: (\w+).*?, (\d+)x(\d+)[^\n]*?, ([\d.]+) fps/);
  const frames = [...text.matchAll(/frame=\s*(\d+)/g)].at(-1);
  if (!duration || !stream) throw new Error(`not a video: ${text.slice(0, 500)}`);
  return {
    durationSeconds: Number(duration[1]) * 3600 + Number(duration[2]) * 60 + Number(duration[3]),
    codec: stream[1]!,
    width: Number(stream[2]),
    height: Number(stream[3]),
    fps: Number(stream[4]),
    frames: frames ? Number(frames[1]) : 0,
  };
}
