import { describe, expect, it } from 'vitest';
import { displayedProgress, fakeProgress } from './fakeProgress.ts';

describe('fake progress', () => {
  it('starts at 0 and reaches 99 % after 60 s for images and 90 s for video, never 100', () => {
    expect(fakeProgress(0, 'image')).toBe(0);
    expect(fakeProgress(59_000, 'image')).toBeLessThan(99);
    expect(fakeProgress(60_000, 'image')).toBe(99);
    expect(fakeProgress(60_000, 'video')).toBeLessThan(99);
    expect(fakeProgress(90_000, 'video')).toBe(99);
    expect(fakeProgress(10 * 60_000, 'video')).toBe(99);
  });

  it('only grows with time', () => {
    let last = -1;
    for (let ms = 0; ms <= 90_000; ms += 500) {
      const p = fakeProgress(ms, 'video');
      expect(p).toBeGreaterThanOrEqual(last);
      last = p;
    }
  });

  it('shows the larger of real and fake progress and 100 only when completed', () => {
    expect(displayedProgress(70, 1000, 'image', 'generating')).toBe(70);
    expect(displayedProgress(0, 60_000, 'image', 'generating')).toBe(99);
    expect(displayedProgress(100, 1000, 'image', 'generating')).toBe(99);
    expect(displayedProgress(40, 1000, 'image', 'completed')).toBe(100);
  });

  it('stops moving once the task failed or was stopped', () => {
    expect(displayedProgress(30, 60_000, 'image', 'failed')).toBe(30);
    expect(displayedProgress(30, 60_000, 'image', 'stopped')).toBe(30);
  });
});
