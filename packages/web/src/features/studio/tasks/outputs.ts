import type { TaskOutput } from './taskApi.ts';

/**
 * Video outputs play in a <video>; GIFs and images show as pictures. A GIF video result is typed
 * `video` by its engine, but a <video> cannot play it (it showed as an empty thumbnail).
 */
export const isVideoOutput = (output: TaskOutput) =>
  !/\.gif(\?|$)/i.test(output.url) && (output.type.startsWith('video') || /\.(mp4|webm)(\?|$)/i.test(output.url));

/** A file name for a downloaded output: tool, task and position, with the output's extension. */
export function outputFilename(output: TaskOutput, taskId: string, index: number, suffix: string): string {
  const ext = output.url.match(/\.([a-z0-9]{2,4})(?:\?|$)/i)?.[1] ?? (isVideoOutput(output) ? 'mp4' : 'png');
  return `inspo-${taskId}-${index + 1}-${suffix}.${ext.toLowerCase()}`;
}
