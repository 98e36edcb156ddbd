import { describe, expect, it } from 'vitest';
import { finishedTaskTracker } from './taskFinish.ts';

const task = (taskId: string, status: string, outputs: Array<{ url: string; type: string }> = []) => ({
  taskId,
  bizType: 'MATTING_IMAGE',
  status,
  progress: status === 'completed' ? 100 : 40,
  outputs,
});

describe('finished tasks for the host', () => {
  it('reports a task seen running once it ends, with absolute output URLs', () => {
    const track = finishedTaskTracker('https://studio.example/productimage/ai-cutout');
    expect(track(task('t1', 'pending'))).toBeNull();
    expect(track(task('t1', 'generating'))).toBeNull();
    const done = task('t1', 'completed', [{ url: '/files/outputs/t1.png', type: 'image' }]);
    expect(track(done)).toEqual({
      taskId: 't1',
      bizType: 'MATTING_IMAGE',
      status: 'completed',
      outputs: [{ url: 'https://studio.example/files/outputs/t1.png', type: 'image' }],
    });
    // The same final state arriving again (a refetch) is not a second report.
    expect(track(done)).toBeNull();
    track(task('t2', 'generating'));
    expect(track(task('t2', 'stopped'))).toMatchObject({ taskId: 't2', status: 'stopped', outputs: [] });
  });

  it('does not report tasks that were already finished when first seen, nor other data', () => {
    const track = finishedTaskTracker('https://studio.example/');
    expect(track(task('old', 'completed', [{ url: '/files/old.png', type: 'image' }]))).toBeNull();
    expect(track({ list: [], total: 0 })).toBeNull();
    expect(track(undefined)).toBeNull();
  });
});
