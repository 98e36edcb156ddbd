import { describe, expect, it } from 'vitest';
import { displayedProgress, downloadProgress, fakeProgress } from './fakeProgress.ts';

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

describe('download window (spec 001 §9: 26 s for 2K, 3 s for the standard picture)', () => {
  it('runs to 99 % over its window, never 100, and follows the bytes when they are ahead', () => {
    expect(downloadProgress(0, '2K')).toBe(0);
    expect(downloadProgress(13_000, '2K')).toBe(49);
    expect(downloadProgress(26_000, '2K')).toBe(99);
    expect(downloadProgress(3_000, '1080P')).toBe(99);
    expect(downloadProgress(1_500, '1080P')).toBe(49);
    expect(downloadProgress(60_000, '2K')).toBe(99);
    // Half the file received after 1 s of a 26 s window: the bytes win.
    expect(downloadProgress(1_000, '2K', 500, 1000)).toBe(49);
    expect(downloadProgress(1_000, '2K', 1000, 1000)).toBe(99);
  });
});
