import type { BaseAdapter, BaseRecord, FieldMeta, Fields, HostKind, RecordChange, Selection, Theme } from './types.ts';

/**
 * The part of `bitable` both SDKs share (@lark-base-open/js-sdk for extensions, the Pack SDK
 * @lark-opdev/block-bitable-api for blocks): same module and method names, same cell shapes, same
 * event payloads `{ data }`. Typed here structurally so this module imports neither SDK.
 */
type Stop = () => void;
type Listener = (event: { data: unknown }) => void;
export interface BitableTable {
  getFieldMetaList(): Promise<unknown[]>;
  addField(field: unknown): Promise<string>;
  getRecordById(recordId: string): Promise<{ fields: unknown }>;
  addRecords(records: unknown[]): Promise<string[]>;
  setRecords(records: unknown[]): Promise<unknown>;
  deleteRecords(recordIds: string[]): Promise<unknown>;
  getCellAttachmentUrls(tokens: string[], fieldId: string, recordId: string): Promise<string[]>;
  onRecordAdd(listener: Listener): Stop;
  onRecordDelete(listener: Listener): Stop;
  onRecordModify(listener: Listener): Stop;
}
export interface BitableLike {
  base: {
    getTableById(tableId: string): Promise<BitableTable>;
    getTableMetaList(): Promise<Array<{ id: string; name: string }>>;
    getSelection(): Promise<unknown>;
    onSelectionChange(listener: Listener): Stop;
    batchUploadFile(files: File[]): Promise<string[]>;
  };
  bridge: {
    getBaseUserId(): Promise<string>;
    getTenantKey(): Promise<string>;
    getLanguage(): Promise<string>;
    getTheme(): Promise<string>;
    getData(key: string): Promise<unknown>;
    setData(key: string, value: unknown): Promise<unknown>;
    onThemeChange(listener: Listener): Stop;
  };
}

export interface BitableOptions<T> {
  kind: HostKind;
  /** Every host call goes through here (the block adapter adds its time-outs and names what is missing). */
  call<R>(method: string, run: () => Promise<R>): Promise<R>;
  /** One page of records: the SDKs differ here (getRecordsByPage vs getRecords paged by record id). */
  recordsPage(
    table: T,
    options: { pageSize: number; pageToken?: string | number },
  ): Promise<{
    records: unknown[];
    hasMore: boolean;
    pageToken?: string | number;
    total: number;
  }>;
}

/** Our BaseAdapter over either SDK's `bitable`. */
export function createBitableAdapter<T extends BitableTable>(bitable: BitableLike, options: BitableOptions<T>): BaseAdapter {
  const { call } = options;
  const tables = new Map<string, Promise<T>>();
  const table = (tableId: string) => {
    let found = tables.get(tableId);
    if (!found) {
      found = call('getTableById', () => bitable.base.getTableById(tableId) as Promise<T>);
      found.catch(() => tables.delete(tableId));
      tables.set(tableId, found);
    }
    return found;
  };
  const theme = (value: unknown): Theme => (String(value).toUpperCase() === 'DARK' ? 'DARK' : 'LIGHT');

  return {
    kind: options.kind,
    async hostInfo() {
      const [baseUserId, tenantKey, language, currentTheme] = await Promise.all([
        call('bridge.getBaseUserId', () => bitable.bridge.getBaseUserId()),
        call('bridge.getTenantKey', () => bitable.bridge.getTenantKey()),
        call('bridge.getLanguage', () => bitable.bridge.getLanguage()),
        call('bridge.getTheme', () => bitable.bridge.getTheme()),
      ]);
      return { baseUserId, tenantKey, language, theme: theme(currentTheme) };
    },
    async getData<V>(key: string) {
      return ((await call('bridge.getData', () => bitable.bridge.getData(key))) ?? undefined) as V | undefined;
    },
    async setData(key, value) {
      await call('bridge.setData', () => bitable.bridge.setData(key, value));
    },
    async selection() {
      return (await call('base.getSelection', () => bitable.base.getSelection())) as Selection;
    },
    onSelectionChange(listener) {
      return bitable.base.onSelectionChange((event) => listener(event.data as Selection));
    },
    onThemeChange(listener) {
      return bitable.bridge.onThemeChange((event) => listener(theme((event.data as { theme?: string })?.theme)));
    },
    async tables() {
      return (await call('base.getTableMetaList', () => bitable.base.getTableMetaList())).map((meta) => ({
        id: meta.id,
        name: meta.name,
      }));
    },
    async fields(tableId) {
      const t = await table(tableId);
      return (await call('table.getFieldMetaList', () => t.getFieldMetaList())) as FieldMeta[];
    },
    async addField(tableId, field) {
      const t = await table(tableId);
      return call('table.addField', () => t.addField(field));
    },
    async recordsPage(tableId, page) {
      const t = await table(tableId);
      const answer = await call('table.getRecords', () => options.recordsPage(t, page));
      return { ...answer, records: answer.records as BaseRecord[] };
    },
    async record(tableId, recordId) {
      const t = await table(tableId);
      const value = await call('table.getRecordById', () => t.getRecordById(recordId));
      return { recordId, fields: value.fields as Fields };
    },
    async addRecords(tableId, records) {
      if (!records.length) return [];
      const t = await table(tableId);
      return call('table.addRecords', () => t.addRecords(records.map((fields) => ({ fields }))));
    },
    async setRecords(tableId, records) {
      if (!records.length) return;
      const t = await table(tableId);
      await call('table.setRecords', () => t.setRecords(records));
    },
    async deleteRecords(tableId, recordIds) {
      if (!recordIds.length) return;
      const t = await table(tableId);
      await call('table.deleteRecords', () => t.deleteRecords(recordIds));
    },
    async uploadFiles(files) {
      if (!files.length) return [];
      return call('base.batchUploadFile', () => bitable.base.batchUploadFile(files));
    },
    async attachmentUrls(tableId, fieldId, recordId, tokens) {
      if (!tokens.length) return [];
      const t = await table(tableId);
      return call('table.getCellAttachmentUrls', () => t.getCellAttachmentUrls(tokens, fieldId, recordId));
    },
    onRecordChange(tableId, listener) {
      const stops: Stop[] = [];
      let stopped = false;
      void table(tableId).then(
        (t) => {
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
        },
        // No table, no events: the plugin's own calls on that table report why.
        () => undefined,
      );
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
