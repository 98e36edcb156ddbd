import { UNDO_HISTORY_LIMIT } from '@productimage/core';
import { describe, expect, it } from 'vitest';
import { canRedo, canUndo, currentEntry, emptyHistory, pushEntry, redo, undo } from './undoHistory.ts';

describe('undo history', () => {
  it('goes back and forward through what was on screen', () => {
    let h = emptyHistory<string>();
    expect(canUndo(h)).toBe(false);
    h = pushEntry(h, 'a');
    h = pushEntry(h, 'b');
    h = pushEntry(h, 'c');
    h = undo(h);
    expect(currentEntry(h)).toBe('b');
    h = undo(h);
    expect(currentEntry(h)).toBe('a');
    expect(canUndo(h)).toBe(false);
    expect(currentEntry(undo(h))).toBe('a');
    h = redo(h);
    expect(currentEntry(h)).toBe('b');
  });

  it('drops undone entries when something new is pushed', () => {
    let h = pushEntry(pushEntry(pushEntry(emptyHistory<string>(), 'a'), 'b'), 'c');
    h = pushEntry(undo(undo(h)), 'd');
    expect(h.entries).toEqual(['a', 'd']);
    expect(canRedo(h)).toBe(false);
  });

  it('keeps only the last 20 records', () => {
    expect(UNDO_HISTORY_LIMIT).toBe(20);
    let h = emptyHistory<number>();
    for (let i = 1; i <= 25; i++) h = pushEntry(h, i);
    expect(h.entries).toHaveLength(20);
    expect(h.entries[0]).toBe(6);
    expect(currentEntry(h)).toBe(25);
    for (let i = 0; i < 30; i++) h = undo(h);
    expect(currentEntry(h)).toBe(6);
  });
});
