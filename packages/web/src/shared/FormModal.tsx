import { Modal, Toast } from '@douyinfe/semi-ui-19';
import { errorText } from '@productimage/kit';
import { type ReactNode, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import './listPage.css';

/**
 * A create-or-edit dialog: the fields, OK (disabled until `canSubmit`, busy while saving) and Cancel.
 * `onSubmit` saves; when it resolves the dialog says `successText` (if any), hands its result to
 * `onSaved` and closes; when the server refuses, the reason is shown in the user's language and the
 * dialog stays open with what was typed.
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
  onSaved?: (result: R) => void;
  successText?: string;
  canSubmit?: boolean;
  /** Without it, the dialog's default OK text. */
  okText?: string;
  cancelText?: string;
  okTestId?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation('common');
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    setBusy(true);
    try {
      const result = await onSubmit();
      if (successText) Toast.success(successText);
      onSaved?.(result);
      onClose();
    } catch (error) {
      Toast.error(errorText(error, t));
    } finally {
      setBusy(false);
    }
  };
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
