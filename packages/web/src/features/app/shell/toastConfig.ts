import { TOAST } from '@productimage/core';

let ruled: Promise<typeof import('./semiToast.ts').Toast> | null = null;

/**
 * Toasts show one at a time for 3 s (spec 000 §9). Semi has no maxCount, so each new toast
 * clears the previous one first. Semi's Toast is not in the first load (issue 16): the shell calls
 * applyToastRules at start-up, which loads it right away and sets the rules on it; pages that show
 * toasts import the same Toast, so theirs follow the rules (a toast comes from a user's action or an
 * answer, long after this has settled). Resolves with that Toast.
 */
export function ruledToast() {
  ruled ??= import('./semiToast.ts').then(
    ({ Toast }) => {
      Toast.config({ duration: TOAST.durationMs / 1000 });
      const toast = Toast as unknown as Record<string, (...args: unknown[]) => unknown>;
      for (const kind of ['info', 'success', 'warning', 'error'] as const) {
        const show = toast[kind]!.bind(Toast);
        toast[kind] = (...args: unknown[]) => {
          Toast.destroyAll();
          return show(...args);
        };
      }
      return Toast;
    },
    (error: unknown) => {
      // The chunk did not load (offline): the next call tries again.
      ruled = null;
      throw error;
    },
  );
  return ruled;
}

/** Loads Semi's Toast with the one-at-a-time rule (the shell, at start-up); a failed load is retried at the next toast. */
export function applyToastRules(): void {
  ruledToast().catch(() => {});
}
