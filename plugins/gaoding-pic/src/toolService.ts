import type { Schema } from '@productimage/core';
import type { PluginApi } from '@productimage/plugin-shared';

const POLL_MS = 1500;
const TASK_TIMEOUT_MS = 5 * 60_000;

export class ToolFailed extends Error {}

/**
 * Runs the cutout tool of the task platform on a file: upload (POST /api/upload), task
 * (POST /api/tasks, charged by the server), wait, download the result.
 */
export function cutoutTool(api: PluginApi) {
  return async (file: File): Promise<File> => {
    const [url] = await api.upload(file, file.name);
    if (!url) throw new ToolFailed('upload');
    const { taskId } = await api.POST('/api/tasks', { body: { bizType: 'MATTING_IMAGE', params: {}, inputs: [url] } });
    const deadline = Date.now() + TASK_TIMEOUT_MS;
    let task: Schema<'TaskView'>;
    for (;;) {
      task = await api.GET('/api/tasks/{taskId}', { params: { path: { taskId } } });
      if (!['pending', 'generating'].includes(task.status)) break;
      if (Date.now() > deadline) {
        await api.POST('/api/tasks/{taskId}/stop', { params: { path: { taskId } } }).catch(() => undefined);
        throw new ToolFailed('timeout');
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
    const output = task.outputs[0];
    if (task.status !== 'completed' || !output) throw new ToolFailed(task.error ?? task.status);
    const response = await api.raw(output.url.replace(window.location.origin, ''));
    if (!response.ok) throw new ToolFailed(`download ${response.status}`);
    const blob = await response.blob();
    return new File([blob], `${file.name.replace(/\.\w+$/, '')}-cutout.png`, { type: blob.type || 'image/png' });
  };
}

/** Downloads a Base attachment (a temporary URL the host gave). */
export async function downloadAttachment(url: string, name: string): Promise<File> {
  const response = await fetch(url);
  if (!response.ok) throw new ToolFailed(`download ${response.status}`);
  const blob = await response.blob();
  return new File([blob], name, { type: blob.type });
}
