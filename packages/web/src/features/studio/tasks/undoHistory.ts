import { UNDO_HISTORY_LIMIT } from '@productimage/core';

/**
 * Undo history of one tool page (spec 001 §3: show-index, settings, background show-index).
 * `entries` is oldest first; `index` points at the entry on screen. Pushing after an undo drops the
 * entries that were undone, as in any editor. The spec gives 21 and 20; we keep the last 20.
 */
export interface UndoHistory<T> {
  entries: T[];
  index: number;
}

export const emptyHistory = <T>(): UndoHistory<T> => ({ entries: [], index: -1 });

export function pushEntry<T>(history: UndoHistory<T>, entry: T, limit = UNDO_HISTORY_LIMIT): UndoHistory<T> {
  const kept = [...history.entries.slice(0, history.index + 1), entry].slice(-limit);
  return { entries: kept, index: kept.length - 1 };
}

export const canUndo = <T>(history: UndoHistory<T>) => history.index > 0;
export const canRedo = <T>(history: UndoHistory<T>) => history.index < history.entries.length - 1;

export function undo<T>(history: UndoHistory<T>): UndoHistory<T> {
  return canUndo(history) ? { ...history, index: history.index - 1 } : history;
}

export function redo<T>(history: UndoHistory<T>): UndoHistory<T> {
  return canRedo(history) ? { ...history, index: history.index + 1 } : history;
}

export const currentEntry = <T>(history: UndoHistory<T>): T | undefined => history.entries[history.index];
