import { Modal } from '@douyinfe/semi-ui-19';
import { type ReactNode, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import './listPage.css';
import { useBusyAction } from './useAction.ts';

/**
 * A create-or-edit dialog: the fields, OK (disabled until `canSubmit`, busy while saving) and Cancel.
 * `onSubmit` saves; its result goes to `onSaved`, and when that answers a promise (a list's
 * refresh) the dialog waits for it, so it closes on a list that already shows what was saved; then
 * it says `successText` (if any). When the server refuses, the reason is shown in the user's
 * language and the dialog stays open with what was typed (`useBusyAction`).
 */
export function FormModal<R>({
  title,
  visible = true,
  onClose,
  onSubmit,
  onSaved,
  successText,
  canSubmit = true,
  okText,
  cancelText,
  okTestId,
  children,
}: {
  title: ReactNode;
  /** Dialogs that stay mounted pass it; those mounted only while open leave it out. */
  visible?: boolean;
  onClose: () => void;
  onSubmit: () => Promise<R>;
  /** What follows a save (refresh the list, open the result): awaited before the dialog closes. */
  onSaved?: (result: R) => unknown;
  successText?: string;
  canSubmit?: boolean;
  /** Without it, the dialog's default OK text. */
  okText?: string;
  cancelText?: string;
  okTestId?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation('common');
  const { busy, run } = useBusyAction();
  const submit = () =>
    run(async () => {
      // Saved first, on its own line: in `onSaved?.(await onSubmit())` a dialog without onSaved
      // skips the argument, so it closed without saving (the knowledge page's new dataset).
      const result = await onSubmit();
      await onSaved?.(result);
      onClose();
    }, successText);
  return (
    <Modal
      title={title}
      visible={visible}
      onCancel={onClose}
      onOk={submit}
      okText={okText}
      cancelText={cancelText ?? t('common:cancel')}
      okButtonProps={{ disabled: !canSubmit, loading: busy, 'data-testid': okTestId } as object}
    >
      <div className="form-stack">{children}</div>
    </Modal>
  );
}

/** A labelled field in a form: the label above its input. */
export function Field({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <div className="form-field">
      {label}
      {children}
    </div>
  );
}

/**
 * A form's values as one object, with a setter per field and `bind(key)`: the value and onChange
 * props of the input that edits it.
 */
export function useFormFields<T extends object>(initial: T | (() => T)) {
  const [form, setForm] = useState<T>(initial);
  const set = useCallback(<K extends keyof T>(key: K, value: T[K]) => setForm((f) => ({ ...f, [key]: value })), []);
  const bind = <K extends keyof T>(key: K) => ({ value: form[key], onChange: (value: T[K]) => set(key, value) });
  return [form, set, bind] as const;
}

/** Text split into its non-empty lines (or by `separator`), each trimmed. */
export function splitList(text: string, separator: string | RegExp = '\n'): string[] {
  return text
    .split(separator)
    .map((s) => s.trim())
    .filter(Boolean);
}
