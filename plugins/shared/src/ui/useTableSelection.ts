import { useCallback, useEffect, useRef, useState } from 'react';
import type { FieldMeta } from '../base/types.ts';
import { usePlugin } from './context.ts';

/**
 * The table open in the Base, its fields and the selected record, followed as the user moves (the
 * row tools work on the selected row or on all of them). `onFields` runs once the fields are read
 * (the page picks its default fields), `onError` when they cannot be; `reloadFields` reads them
 * again after a run added some.
 */
export function useTableSelection(onFields: (fields: FieldMeta[]) => void, onError: (error: unknown) => void) {
  const { base } = usePlugin();
  const [tableId, setTableId] = useState<string | null>(null);
  const [recordId, setRecordId] = useState<string | null>(null);
  const [fields, setFields] = useState<FieldMeta[]>([]);
  const handlers = useRef({ onFields, onError });
  handlers.current = { onFields, onError };

  useEffect(() => {
    const load = async () => {
      const selection = await base.selection();
      setRecordId(selection.recordId);
      if (!selection.tableId) return;
      const metas = await base.fields(selection.tableId);
      setTableId(selection.tableId);
      setFields(metas);
      handlers.current.onFields(metas);
    };
    void load().catch((e) => handlers.current.onError(e));
    return base.onSelectionChange((s) => setRecordId(s.recordId));
  }, [base]);

  const reloadFields = useCallback(async () => {
    if (tableId) setFields(await base.fields(tableId));
  }, [base, tableId]);
  return { tableId, recordId, fields, reloadFields };
}
