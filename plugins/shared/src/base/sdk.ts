import { bitable, type ITable } from '@lark-base-open/js-sdk';
import type { BaseAdapter, BaseRecord, FieldMeta, Fields, RecordChange, Selection, Theme } from './types.ts';

/**
 * The Base adapter on the real host: every call goes through @lark-base-open/js-sdk, which posts it
 * to the Feishu/Lark page that frames the plugin. This is the only module that imports the SDK, and
 * only plugin pages load it (dynamically, from connect.ts).
 */
export function createSdkBase(): BaseAdapter {
  const tables = new Map<string, Promise<ITable>>();
  const table = (tableId: string) => {
    let found = tables.get(tableId);
    if (!found) {
      found = bitable.base.getTableById(tableId);
      found.catch(() => tables.delete(tableId));
      tables.set(tableId, found);
    }
    return found;
  };
  const theme = (value: unknown): Theme => (String(value).toUpperCase() === 'DARK' ? 'DARK' : 'LIGHT');

  return {
    async hostInfo() {
      const [baseUserId, tenantKey, language, currentTheme] = await Promise.all([
        bitable.bridge.getBaseUserId(),
        bitable.bridge.getTenantKey(),
        bitable.bridge.getLanguage(),
        bitable.bridge.getTheme(),
      ]);
      return { baseUserId, tenantKey, language, theme: theme(currentTheme) };
    },
    async getData<T>(key: string) {
      return ((await bitable.bridge.getData<T>(key)) ?? undefined) as T | undefined;
    },
    async setData(key, value) {
      await bitable.bridge.setData(key, value);
    },
    async selection() {
      return (await bitable.base.getSelection()) as Selection;
    },
    onSelectionChange(listener) {
      return bitable.base.onSelectionChange((event) => listener(event.data as Selection));
    },
    onThemeChange(listener) {
      return bitable.bridge.onThemeChange((event) => listener(theme((event.data as { theme?: string })?.theme)));
    },
    async tables() {
      return (await bitable.base.getTableMetaList()).map((meta) => ({ id: meta.id, name: meta.name }));
    },
    async fields(tableId) {
      return (await (await table(tableId)).getFieldMetaList()) as unknown as FieldMeta[];
    },
    async addField(tableId, field) {
      return (await table(tableId)).addField(field as any);
    },
    async recordsPage(tableId, { pageSize, pageToken }) {
      const page = await (await table(tableId)).getRecordsByPage({ pageSize, pageToken: pageToken as number | undefined });
      return {
        records: page.records as unknown as BaseRecord[],
        hasMore: page.hasMore,
        pageToken: page.pageToken,
        total: page.total,
      };
    },
    async record(tableId, recordId) {
      const value = await (await table(tableId)).getRecordById(recordId);
      return { recordId, fields: value.fields as Fields };
    },
    async addRecords(tableId, records) {
      if (!records.length) return [];
      return (await table(tableId)).addRecords(records.map((fields) => ({ fields })) as any);
    },
    async setRecords(tableId, records) {
      if (!records.length) return;
      await (await table(tableId)).setRecords(records as any);
    },
    async deleteRecords(tableId, recordIds) {
      if (!recordIds.length) return;
      await (await table(tableId)).deleteRecords(recordIds);
    },
    async uploadFiles(files) {
      if (!files.length) return [];
      return bitable.base.batchUploadFile(files);
    },
    async attachmentUrls(tableId, fieldId, recordId, tokens) {
      if (!tokens.length) return [];
      return (await table(tableId)).getCellAttachmentUrls(tokens, fieldId, recordId);
    },
    onRecordChange(tableId, listener) {
      const stops: Array<() => void> = [];
      let stopped = false;
      void table(tableId).then((t) => {
        if (stopped) return;
        const emit = (change: RecordChange) => listener(change);
        stops.push(
          t.onRecordAdd((event) => emit({ kind: 'add', recordIds: idList(event.data) })),
          t.onRecordDelete((event) => emit({ kind: 'delete', recordIds: idList(event.data) })),
          t.onRecordModify((event) => {
            const data = event.data as { recordId: string; fieldIds?: string[] };
            emit({ kind: 'modify', recordIds: [data.recordId], fieldIds: data.fieldIds ?? [] });
          }),
        );
      });
      return () => {
        stopped = true;
        for (const stop of stops) stop();
      };
    },
  };
}

/** RecordAdd/RecordDelete carry `[recordId]` (the SDK types) or a list of ids. */
function idList(data: unknown): string[] {
  if (Array.isArray(data)) return data.flat().filter((id): id is string => typeof id === 'string');
  return typeof data === 'string' ? [data] : [];
}
