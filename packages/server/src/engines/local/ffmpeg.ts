import { spawn } from 'node:child_process';
import { once } from 'node:events';
import ffmpegInstaller from '@ffmpeg-installer/ffmpeg';

/**
 * The ffmpeg binary that @ffmpeg-installer/ffmpeg ships (a static build with libx264 and the GIF
 * palette filters), so the product needs no system ffmpeg. FFMPEG_PATH may point at another build.
 */
export const ffmpegPath = (): string => process.env.FFMPEG_PATH || ffmpegInstaller.path;

export interface FfmpegProcess {
  /** Writes one chunk to ffmpeg's stdin, waiting when its buffer is full. */
  write(chunk: Buffer): Promise<void>;
  /** Closes stdin and waits for ffmpeg to finish; rejects with its last lines of stderr on failure. */
  finish(): Promise<void>;
}

/** Starts ffmpeg with the given arguments; the signal kills it. */
export function startFfmpeg(args: string[], signal?: AbortSignal): FfmpegProcess {
  const child = spawn(ffmpegPath(), ['-hide_banner', '-loglevel', 'error', ...args], { stdio: ['pipe', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => {
    stderr = (stderr + d.toString()).slice(-4000);
  });
  const exited = new Promise<void>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code, sig) => {
      if (signal?.aborted) reject(signal.reason instanceof Error ? signal.reason : new Error('aborted'));
      else if (code === 0) resolve();
      else reject(new Error(`ffmpeg exited with ${code ?? sig}: ${stderr.trim()}`));
    });
  });
  exited.catch(() => undefined);
  const kill = () => child.kill('SIGKILL');
  signal?.addEventListener('abort', kill, { once: true });
  child.stdin.on('error', () => undefined);
  return {
    async write(chunk) {
      if (signal?.aborted || child.exitCode !== null) return exited;
      if (!child.stdin.write(chunk)) await Promise.race([once(child.stdin, 'drain'), exited]);
    },
    async finish() {
      child.stdin.end();
      try {
        await exited;
      } finally {
        signal?.removeEventListener('abort', kill);
      }
    },
  };
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
 */
export async function probeMedia(file: string): Promise<MediaInfo> {
  const child = spawn(ffmpegPath(), ['-hide_banner', '-i', file, '-map', '0:v:0', '-f', 'null', '-'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let text = '';
  child.stderr.on('data', (d: Buffer) => {
    text += d.toString();
  });
  await once(child, 'close');
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
