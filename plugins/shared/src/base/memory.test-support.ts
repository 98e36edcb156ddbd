import type {
  BaseAdapter,
  BaseRecord,
  FieldMeta,
  Fields,
  HostInfo,
  HostKind,
  RecordChange,
  Selection,
  TableMeta,
  Theme,
} from './types.ts';

interface MemoryTable {
  meta: TableMeta;
  fields: FieldMeta[];
  records: Map<string, Fields>;
}

export interface MemoryBaseOptions {
  kind?: HostKind;
  host?: Partial<HostInfo>;
  tables?: Array<{ id?: string; name: string; fields?: Array<Omit<FieldMeta, 'id'> & { id?: string }> }>;
}

/**
 * An in-memory Base for the plugins' logic tests: tables, fields, records, uploaded files and the
 * host's events (selection, record add/modify/delete). It keeps the SDK's value shapes and answers
 * like the host does (ids it generates, pages of records, errors for unknown ids).
 */
export class MemoryBase implements BaseAdapter {
  readonly kind: HostKind;
  readonly host: HostInfo;
  readonly data = new Map<string, unknown>();
  readonly uploads = new Map<string, File>();
  readonly tablesById = new Map<string, MemoryTable>();
  private current: Selection = { baseId: 'base_mem', tableId: null, viewId: null, fieldId: null, recordId: null };
  private seq = 0;
  private selectionListeners = new Set<(selection: Selection) => void>();
  private themeListeners = new Set<(theme: Theme) => void>();
  private recordListeners = new Map<string, Set<(change: RecordChange) => void>>();

  constructor(options: MemoryBaseOptions = {}) {
    this.kind = options.kind ?? 'extension';
    this.host = { baseUserId: 'ou_mem_user', tenantKey: 'tenant_mem', language: 'zh', theme: 'LIGHT', ...options.host };
    for (const table of options.tables ?? [{ name: 'Table 1' }]) {
      const id = table.id ?? this.id('tbl');
      const fields = (table.fields ?? [{ name: 'Title', type: 1, isPrimary: true }]).map((f) => ({
        ...f,
        id: f.id ?? this.id('fld'),
      }));
      this.tablesById.set(id, { meta: { id, name: table.name }, fields, records: new Map() });
      this.current.tableId ??= id;
    }
  }

  private id(prefix: string) {
    this.seq += 1;
    return `${prefix}${String(this.seq).padStart(6, '0')}`;
  }
  private table(tableId: string) {
    const table = this.tablesById.get(tableId);
    if (!table) throw new Error('table not found error');
    return table;
  }
  private emit(tableId: string, change: RecordChange) {
    for (const listener of this.recordListeners.get(tableId) ?? []) listener(change);
  }

  /** Test helper: the host's user selects a record (fires SelectionChange). */
  select(selection: Partial<Selection>) {
    this.current = { ...this.current, ...selection };
    for (const listener of this.selectionListeners) listener({ ...this.current });
  }
  /** Test helper: a user edits cells in the table (fires RecordModify like the host). */
  editRecord(tableId: string, recordId: string, fields: Fields) {
    const record = this.table(tableId).records.get(recordId);
    if (!record) throw new Error('record not found');
    this.stamp(this.table(tableId), Object.assign(record, fields));
    this.emit(tableId, { kind: 'modify', recordIds: [recordId], fieldIds: Object.keys(fields) });
  }
  /** Test helper: every record of a table. */
  rows(tableId: string): BaseRecord[] {
    return [...this.table(tableId).records].map(([recordId, fields]) => ({ recordId, fields: { ...fields } }));
  }
  /** Test helper: a field id by name. */
  fieldId(tableId: string, name: string) {
    return this.table(tableId).fields.find((f) => f.name === name)?.id;
  }

  async hostInfo() {
    return { ...this.host };
  }
  async getData<T>(key: string) {
    return structuredClone(this.data.get(key)) as T | undefined;
  }
  async setData<T>(key: string, value: T) {
    this.data.set(key, structuredClone(value));
  }
  async selection() {
    return { ...this.current };
  }
  onSelectionChange(listener: (selection: Selection) => void) {
    this.selectionListeners.add(listener);
    return () => void this.selectionListeners.delete(listener);
  }
  onThemeChange(listener: (theme: Theme) => void) {
    this.themeListeners.add(listener);
    return () => void this.themeListeners.delete(listener);
  }
  async tables() {
    return [...this.tablesById.values()].map((t) => ({ ...t.meta }));
  }
  async fields(tableId: string) {
    return structuredClone(this.table(tableId).fields);
  }
  async addField(tableId: string, field: { name: string; type: number; property?: Record<string, unknown> }) {
    const table = this.table(tableId);
    if (table.fields.some((f) => f.name === field.name)) throw new Error('FieldNameRepeatedError');
    const id = this.id('fld');
    // Like the host, options get ids (cells address options by id).
    const options = (field.property?.options as Array<{ id?: string; name: string }> | undefined)?.map((o) => ({
      ...o,
      id: o.id ?? this.id('opt'),
    }));
    const property = options ? { ...field.property, options } : field.property;
    table.fields.push({ id, name: field.name, type: field.type, property });
    return id;
  }
  async recordsPage(tableId: string, { pageSize, pageToken }: { pageSize: number; pageToken?: string | number }) {
    const all = this.rows(tableId);
    const start = Number(pageToken ?? 0) || 0;
    const records = all.slice(start, start + pageSize);
    const next = start + records.length;
    return { records, hasMore: next < all.length, pageToken: next < all.length ? next : undefined, total: all.length };
  }
  async record(tableId: string, recordId: string) {
    const fields = this.table(tableId).records.get(recordId);
    if (!fields) throw new Error('record not found');
    return { recordId, fields: structuredClone(fields) };
  }
  async addRecords(tableId: string, records: Fields[]) {
    const table = this.table(tableId);
    const ids = records.map((fields) => {
      this.checkFields(table, fields);
      const id = this.id('rec');
      table.records.set(id, this.stamp(table, structuredClone(fields)));
      return id;
    });
    if (ids.length) this.emit(tableId, { kind: 'add', recordIds: ids });
    return ids;
  }
  async setRecords(tableId: string, records: BaseRecord[]) {
    const table = this.table(tableId);
    for (const { recordId, fields } of records) {
      const existing = table.records.get(recordId);
      if (!existing) throw new Error('record not found');
      this.checkFields(table, fields);
      this.stamp(table, Object.assign(existing, structuredClone(fields)));
      this.emit(tableId, { kind: 'modify', recordIds: [recordId], fieldIds: Object.keys(fields) });
    }
  }
  async deleteRecords(tableId: string, recordIds: string[]) {
    const table = this.table(tableId);
    for (const id of recordIds) if (!table.records.delete(id)) throw new Error('record not found');
    if (recordIds.length) this.emit(tableId, { kind: 'delete', recordIds });
  }
  async uploadFiles(files: File[]) {
    return files.map((file) => {
      const token = this.id('box');
      this.uploads.set(token, file);
      return token;
    });
  }
  async attachmentUrls(_tableId: string, _fieldId: string, _recordId: string, tokens: string[]) {
    return tokens.map((token) => `memory://attachments/${token}`);
  }
  onRecordChange(tableId: string, listener: (change: RecordChange) => void) {
    const set = this.recordListeners.get(tableId) ?? new Set();
    set.add(listener);
    this.recordListeners.set(tableId, set);
    return () => void set.delete(listener);
  }

  /** Modified-time fields are the host's: it sets them on every change. */
  private stamp(table: MemoryTable, fields: Fields) {
    this.clock = Math.max(Date.now(), this.clock + 1);
    for (const f of table.fields) if (f.type === 1002) fields[f.id] = this.clock;
    return fields;
  }
  private clock = 0;

  private checkFields(table: MemoryTable, fields: Fields) {
    for (const fieldId of Object.keys(fields))
      if (!table.fields.some((f) => f.id === fieldId && f.type !== 1002)) throw new Error(`field not found error: ${fieldId}`);
  }
}
