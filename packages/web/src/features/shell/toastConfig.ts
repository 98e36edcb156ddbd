import { Toast } from '@douyinfe/semi-ui-19';
import { TOAST } from '@productimage/core';

let applied = false;

/**
 * Toasts show one at a time for 3 s (spec 000 §9). Semi has no maxCount, so each new toast
 * clears the previous one first.
 */
export function applyToastRules() {
  if (applied) return;
  applied = true;
  Toast.config({ duration: TOAST.durationMs / 1000 });
  const toast = Toast as unknown as Record<string, (...args: unknown[]) => unknown>;
  for (const kind of ['info', 'success', 'warning', 'error'] as const) {
    const show = toast[kind]!.bind(Toast);
    toast[kind] = (...args: unknown[]) => {
      Toast.destroyAll();
      return show(...args);
    };
  }
}
