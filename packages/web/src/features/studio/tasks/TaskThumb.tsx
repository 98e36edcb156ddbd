import { IconPlayCircle } from '@douyinfe/semi-icons';
import { isVideoOutput } from './outputs.ts';
import type { TaskView } from './taskApi.ts';

/** A small picture of a task: its first result, else its first input. */
export function TaskThumb({ task, size = 64 }: { task: TaskView; size?: number | string }) {
  const output = task.outputs[0];
  const src = output && !isVideoOutput(output) ? output.url : task.inputs?.[0];
  return (
    <span className="task-thumb checkerboard" style={{ width: size, height: size }}>
      {output && isVideoOutput(output) ? (
        <video src={output.url} muted preload="metadata" />
      ) : (
        src && <img src={src} alt="" loading="lazy" />
      )}
      {output && isVideoOutput(output) && <IconPlayCircle className="task-thumb-play" />}
    </span>
  );
}
