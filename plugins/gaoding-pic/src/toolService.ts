import type { PluginApi } from '@productimage/plugin-shared';
import { watchTask } from '@productimage/plugin-shared';

const TASK_TIMEOUT_MS = 5 * 60_000;

export class ToolFailed extends Error {}

/**
 * Runs the cutout tool of the task platform on a file: upload (POST /api/upload), task
 * (POST /api/tasks, charged by the server), wait (the kit's watchTask: task events, polling when
 * they cannot be opened), download the result (the API client's download: a refusal says why).
 */
export function cutoutTool(api: PluginApi, language: () => string) {
  return async (file: File): Promise<File> => {
    const [url] = await api.upload(file, file.name);
    if (!url) throw new ToolFailed('upload');
    const { taskId } = await api.POST('/api/tasks', { body: { bizType: 'MATTING_IMAGE', params: {}, inputs: [url] } });
    const timeout = AbortSignal.timeout(TASK_TIMEOUT_MS);
    const task = await watchTask(api, taskId, () => {}, timeout, { language });
    if (!task || ['pending', 'generating'].includes(task.status)) {
      await api.POST('/api/tasks/{taskId}/stop', { params: { path: { taskId } } }).catch(() => undefined);
      throw new ToolFailed('timeout');
    }
    const output = task.outputs[0];
    if (task.status !== 'completed' || !output) throw new ToolFailed(task.error ?? task.status);
    const { blob } = await api.download(output.url.replace(window.location.origin, ''));
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
