import { Modal, Toast } from '@douyinfe/semi-ui-19';
import { errorText } from '@productimage/kit';
import type { ReactNode } from 'react';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Runs a list action (delete, stop, retry…): `successText` when it worked, the server's reason in
 * the user's language when it did not. Resolves either way.
 */
export function useAction() {
  const { t } = useTranslation('common');
  return useCallback(
    async (action: () => Promise<unknown>, successText?: string) => {
      try {
        await action();
        if (successText) Toast.success(successText);
      } catch (error) {
        Toast.error(errorText(error, t));
      }
    },
    [t],
  );
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
