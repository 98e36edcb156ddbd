import { DOWNLOAD_PROGRESS_SECONDS, FAKE_PROGRESS_SECONDS, type TaskStatus } from '@productimage/core';

/** The ceiling of client-side progress while the server has not delivered a result (spec 001 §9). */
export const FAKE_PROGRESS_CEILING = 99;

export type ProgressKind = keyof typeof FAKE_PROGRESS_SECONDS;

/**
 * Progress the client shows from elapsed time alone: eases out towards 99 % and reaches it after
 * 60 s (images) or 90 s (video). Users see movement at once even when the engine reports rarely.
 */
export function fakeProgress(elapsedMs: number, kind: ProgressKind): number {
  const total = FAKE_PROGRESS_SECONDS[kind] * 1000;
  const t = Math.min(Math.max(elapsedMs / total, 0), 1);
  return Math.floor(FAKE_PROGRESS_CEILING * (1 - (1 - t) ** 2));
}

/**
 * What the progress bar shows: the larger of the server's real progress and the fake curve, held
 * below 100 until the task is completed, so the bar never runs backwards and never claims done early.
 */
export function displayedProgress(real: number, elapsedMs: number, kind: ProgressKind, status: TaskStatus): number {
  if (status === 'completed') return 100;
  const server = Math.min(Math.max(real, 0), FAKE_PROGRESS_CEILING);
  if (status !== 'pending' && status !== 'generating') return server;
  return Math.max(server, fakeProgress(elapsedMs, kind));
}

/**
 * What the download window shows (spec 001 §9: a 26 s window for 2K, 3 s for the standard
 * variant): the larger of the bytes received and a time curve that reaches 99 % at the end of the
 * window, held at 99 until the file is complete.
 */
export function downloadProgress(
  elapsedMs: number,
  definition: keyof typeof DOWNLOAD_PROGRESS_SECONDS,
  received = 0,
  total = 0,
): number {
  const window = DOWNLOAD_PROGRESS_SECONDS[definition] * 1000;
  const timed = 99 * Math.min(Math.max(elapsedMs / window, 0), 1);
  const real = total > 0 ? (99 * received) / total : 0;
  return Math.floor(Math.min(99, Math.max(timed, real)));
}
