import { laterTaskView } from '@productimage/core';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { TaskView } from './taskApi.ts';
import { readIntoCache, taskKey } from './taskCache.ts';

const view = (status: TaskView['status'], progress: number): TaskView =>
  ({ taskId: 't1', bizType: 'IMG_2_VEDIO', status, progress, outputs: [] }) as unknown as TaskView;

describe("the page's task cache", () => {
  it('keeps a final status when a read that left before the end lands after it', async () => {
    const client = new QueryClient();
    client.setQueryData(taskKey('t1'), view('generating', 40));
    // The page's 5 s read leaves while the task is still generating...
    let answer!: (task: TaskView) => void;
    const fetching = client.fetchQuery({
      queryKey: taskKey('t1'),
      queryFn: () => readIntoCache(client, 't1', () => new Promise<TaskView>((resolve) => (answer = resolve))),
    });
    await Promise.resolve();
    // ...the task's events bring its end...
    client.setQueryData(taskKey('t1'), view('completed', 100));
    // ...and the read's answer, made before the end, lands last.
    answer(view('generating', 99));
    await fetching;
    expect(client.getQueryData<TaskView>(taskKey('t1'))?.status).toBe('completed');
  });

  it('takes every newer unfinished view, and a final one over anything', () => {
    expect(laterTaskView(view('pending', 0), view('generating', 10)).status).toBe('generating');
    expect(laterTaskView(view('generating', 10), view('failed', 10)).status).toBe('failed');
    expect(laterTaskView(view('completed', 100), view('generating', 99)).status).toBe('completed');
    expect(laterTaskView(undefined, view('generating', 5)).progress).toBe(5);
  });
});
