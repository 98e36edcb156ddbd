/**
 * The one small surface every plugin uses to reach a Base. Three implementations: `sdk.ts` (a Base
 * extension's host through @lark-base-open/js-sdk), `block.ts` (a Bitable block's host through the
 * Pack SDK @lark-opdev/block-bitable-api) and `memory.ts` (tests). `connect.ts` picks the host's
 * one at start; plugin code never asks which. Values use the SDKs' own cell formats
 * (IOpenCellValue, the same in both), so what a plugin writes here is exactly what the host receives.
 */

/** Field types by the SDK's numbers (FieldType in @lark-base-open/js-sdk). */
export const FieldType = {
  Text: 1,
  Number: 2,
  SingleSelect: 3,
  MultiSelect: 4,
  DateTime: 5,
  Checkbox: 7,
  User: 11,
  Url: 15,
  Attachment: 17,
  ModifiedTime: 1002,
} as const;
export type FieldTypeId = number;

export interface FieldMeta {
  id: string;
  name: string;
  type: FieldTypeId;
  /** The host's field property (select options live in `options`). */
  property?: { options?: Array<{ id: string; name: string }> } & Record<string, unknown>;
  isPrimary?: boolean;
}

export interface TableMeta {
  id: string;
  name: string;
}

/** A text segment, a URL segment, an attachment, a select option: the SDK's cell shapes. */
export interface TextSegment {
  type: 'text' | 'url' | 'mention';
  text: string;
  link?: string;
}
export interface AttachmentValue {
  name: string;
  size: number;
  type: string;
  token: string;
  timeStamp: number;
}
export type CellValue =
  | null
  | number
  | boolean
  | string
  | TextSegment[]
  | AttachmentValue[]
  | { id: string; text: string }
  | Array<{ id: string; text: string }>
  | Array<{ id: string; name?: string }>;

export type Fields = Record<string, CellValue>;
export interface BaseRecord {
  recordId: string;
  fields: Fields;
}

export interface Selection {
  baseId: string | null;
  tableId: string | null;
  viewId: string | null;
  fieldId: string | null;
  recordId: string | null;
}

export type Theme = 'LIGHT' | 'DARK';

/** Who and where: the bridge's answers, read once when a plugin starts. */
export interface HostInfo {
  /** bridge.getBaseUserId(): the Base user, stable for this app. */
  baseUserId: string;
  /** bridge.getTenantKey(): the Feishu/Lark tenant. */
  tenantKey: string;
  /** bridge.getLanguage(): 'zh', 'en', 'ja', ... */
  language: string;
  theme: Theme;
}

export type RecordChange =
  | { kind: 'add'; recordIds: string[] }
  | { kind: 'modify'; recordIds: string[]; fieldIds: string[] }
  | { kind: 'delete'; recordIds: string[] };

export interface RecordPage {
  records: BaseRecord[];
  hasMore: boolean;
  pageToken?: string | number;
  total: number;
}

/** The page's host: a Base extension (插件) or a Bitable block (小组件, the Pack SDK). */
export type HostKind = 'extension' | 'block';

/** Everything a plugin may ask of its Base. */
export interface BaseAdapter {
  /** Which host answers (shown by the frame and in host errors; plugins do not branch on it). */
  readonly kind: HostKind;
  hostInfo(): Promise<HostInfo>;
  getData<T>(key: string): Promise<T | undefined>;
  setData<T>(key: string, value: T): Promise<void>;
  selection(): Promise<Selection>;
  onSelectionChange(listener: (selection: Selection) => void): () => void;
  onThemeChange(listener: (theme: Theme) => void): () => void;
  tables(): Promise<TableMeta[]>;
  fields(tableId: string): Promise<FieldMeta[]>;
  addField(tableId: string, field: { name: string; type: FieldTypeId; property?: Record<string, unknown> }): Promise<string>;
  recordsPage(tableId: string, options: { pageSize: number; pageToken?: string | number }): Promise<RecordPage>;
  record(tableId: string, recordId: string): Promise<BaseRecord>;
  addRecords(tableId: string, records: Fields[]): Promise<string[]>;
  setRecords(tableId: string, records: BaseRecord[]): Promise<void>;
  deleteRecords(tableId: string, recordIds: string[]): Promise<void>;
  /** Uploads files to the Base's drive; answers one file token per file, in order. */
  uploadFiles(files: File[]): Promise<string[]>;
  /** Temporary download URLs of attachment tokens of one cell. */
  attachmentUrls(tableId: string, fieldId: string, recordId: string, tokens: string[]): Promise<string[]>;
  onRecordChange(tableId: string, listener: (change: RecordChange) => void): () => void;
}
