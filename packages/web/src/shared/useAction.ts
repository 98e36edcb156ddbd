import { Modal, Toast } from '@douyinfe/semi-ui-19';
import { errorText } from '@productimage/kit';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Runs an action: `successText` when it worked, the server's reason when not; true when it worked. */
async function runAction(t: TFunction, action: () => Promise<unknown>, successText?: string): Promise<boolean> {
  try {
    await action();
    if (successText) Toast.success(successText);
    return true;
  } catch (error) {
    Toast.error(errorText(error, t));
    return false;
  }
}

/**
 * Runs a list action (delete, stop, retry…): `successText` when it worked, the server's reason in
 * the user's language when it did not. Resolves either way.
 */
export function useAction() {
  const { t } = useTranslation('common');
  return useCallback(
    async (action: () => Promise<unknown>, successText?: string) => {
      await runAction(t, action, successText);
    },
    [t],
  );
}

/**
 * useAction with a busy flag for the button that starts it (save, import, analyse): `busy` is true
 * while an action runs. `run` resolves either way, true when the action worked; what follows a
 * success (close, open the result) goes inside the action.
 */
export function useBusyAction() {
  const { t } = useTranslation('common');
  const [busy, setBusy] = useState(false);
  const run = useCallback(
    async (action: () => Promise<unknown>, successText?: string) => {
      setBusy(true);
      try {
        return await runAction(t, action, successText);
      } finally {
        setBusy(false);
      }
    },
    [t],
  );
  return { busy, run };
}

/** The same behind a confirmation dialog ("Delete this?" with what it is). */
export function useConfirmedAction() {
  const run = useAction();
  return useCallback(
    ({
      title,
      content,
      action,
      successText,
    }: {
      title: string;
      content?: ReactNode;
      action: () => Promise<unknown>;
      successText?: string;
    }) => Modal.confirm({ title, content, onOk: () => run(action, successText) }),
    [run],
  );
}
