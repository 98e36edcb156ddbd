// A test double of the Feishu/Lark Base page that frames an extension. It speaks the protocol of
// @lark-base-open/js-sdk 1.0.2 as its client code does (dist/chunk-M2SGL6KA.mjs, the `Ve` client
// class, and chunk-L3XSIM3S.mjs, the `fe`/`i4` API binding):
// - handshake: the extension posts {id, type:'handshake', payload:{proactive:true}} to its parent
//   (retried every ~2 s, 5 times); the host answers {id, type:'handshake', payload:{prefixId}}; the
//   extension confirms with {id, type:'handshake', payload:{proactive:false, info:{isHandshakeSuccess:true}}}.
// - invoke: {type:'invoke', id, payload:{key:'bitable.<Module>_<method>', params:[{c, p, t}], prefixId}},
//   `params` a batch of calls (c = context such as [tableId, baseToken], p = the arguments);
//   answered by {id, type:'callback', payload:{res:[one result per call]}}; a failed call's result is
//   {e:'bte', code, message} (the SDK throws it).
// - event: {type:'event', payload:{eventName, params}}; listeners get {data: params}. Names:
//   BaseEvent_<name>, BaseEvent_tableId_<tableId>_<name>, BridgeEvent_<name>; an extension asks for
//   them with WidgetBase_registerBaseEvent, WidgetTable_registerTableEvent, Bridge_registerBridgeEvent.
// The Base itself is a small in-memory model; the test reads and changes it through window.host.
// `start(url, { via: 'block' })` frames it as a Bitable block instead (block.js: the Pack SDK's
// protocol over the same Base).

import { blockApi, serveBlock } from './block.js';

const state = {
  host: { baseUserId: 'ou_host_user', tenantKey: 'tenant_host', language: 'zh', theme: 'LIGHT', userId: 'u_host' },
  tables: [],
  selection: { baseId: 'base_host', tableId: null, viewId: 'vew_1', fieldId: null, recordId: null },
  data: {},
  uploads: {},
  subscriptions: [],
  log: [],
  handshakes: 0,
  /** At most this many records a page (seed.pageLimit), so a small table is read in several pages. */
  pageLimit: Number.POSITIVE_INFINITY,
};
let frame = null;
/** The block transport when the page frames a block (seed.via === 'block'). */
let block = null;
let seq = 0;
const nextId = (prefix) => `${prefix}${(++seq).toString(36).padStart(8, '0')}`;

function table(id) {
  const found = state.tables.find((t) => t.id === id);
  if (!found) throw { code: 10212001, message: 'table not found error' };
  return found;
}
function checkFields(t, fields) {
  for (const fieldId of Object.keys(fields ?? {}))
    if (!t.fields.some((f) => f.id === fieldId && f.type !== 1002))
      throw { code: 10213001, message: `field not found error ${fieldId}` };
}
function dataUrl(file) {
  if (!file) return Promise.resolve('');
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result);
    reader.readAsDataURL(file);
  });
}

/** Modified-time fields (type 1002) are the host's: it sets them on every change, as Base does. */
let clock = 0;
function stamp(t, fields) {
  clock = Math.max(Date.now(), clock + 1);
  for (const f of t.fields) if (f.type === 1002) fields[f.id] = clock;
  return fields;
}
function post(message) {
  frame?.contentWindow?.postMessage(message, '*');
}
function emit(eventName, params) {
  if (!state.subscriptions.includes(eventName)) return;
  if (block) block.event(eventName, params);
  else post({ type: 'event', payload: { eventName, params } });
}
function tableEvent(tableId, name, params) {
  emit(`BaseEvent_tableId_${tableId}_${name}`, params);
}

function subscribe(eventName) {
  state.subscriptions.push(eventName);
  return true;
}

/** One API of the host: `c` is the caller's context, `p` its arguments. */
const api = {
  'Private.setClientVersion': () => true,
  'WidgetBase.getBasePermission': () => true,
  'WidgetBase.isEditable': () => true,
  'WidgetBase.registerBaseEvent': (_c, [name]) => subscribe(`BaseEvent_${name}`),
  'WidgetBase.unregisterBaseEvent': () => true,
  'WidgetTable.registerTableEvent': ([tableId], [name]) => subscribe(`BaseEvent_tableId_${tableId}_${name}`),
  'WidgetTable.unregisterTableEvent': () => true,
  'Bridge.registerBridgeEvent': (_c, [name]) => subscribe(`BridgeEvent_${name}`),
  'Bridge.unregisterBridgeEvent': () => true,
  'Bridge.getBaseUserId': () => state.host.baseUserId,
  'Bridge.getUserId': () => state.host.userId,
  'Bridge.getTenantKey': () => state.host.tenantKey,
  'Bridge.getLanguage': () => state.host.language,
  'Bridge.getLocale': () => (state.host.language === 'en' ? 'en-US' : 'zh-CN'),
  'Bridge.getTheme': () => state.host.theme,
  'Bridge.getEnv': () => ({ product: 'base' }),
  'Bridge.setData': (_c, [key, value]) => {
    state.data[key] = value;
    emit('BridgeEvent_DataChange', { keys: [key] });
    return true;
  },
  'Bridge.getData': (_c, [key]) => state.data[key],
  'WidgetBase.getSelection': () => ({ ...state.selection }),
  'WidgetBase.isTableExist': (_c, [id]) => state.tables.some((t) => t.id === id),
  'WidgetBase.getTableMetaList': () => state.tables.map((t) => ({ id: t.id, name: t.name, isSync: false })),
  'WidgetBase.batchUploadFile': (_c, [files]) =>
    Array.from(files).map((file) => {
      if (!(file instanceof File)) throw { code: 10299001, message: 'not a File' };
      const token = nextId('box');
      state.uploads[token] = file;
      return token;
    }),
  'WidgetTable.getFieldMetaList': ([tableId]) => structuredClone(table(tableId).fields),
  'WidgetTable.isFieldExist': ([tableId], [fieldId]) => table(tableId).fields.some((f) => f.id === fieldId),
  'WidgetTable.addField': ([tableId], [config]) => {
    const t = table(tableId);
    if (t.fields.some((f) => f.name === config.name)) throw { code: 10213002, message: 'FieldNameRepeated' };
    const id = nextId('fld');
    // Select options get ids, as in Base (cells name an option by id).
    const property = config.property?.options
      ? { ...config.property, options: config.property.options.map((o) => ({ id: o.id ?? nextId('opt'), ...o })) }
      : (config.property ?? null);
    t.fields.push({ id, name: config.name, type: config.type, property, isPrimary: false });
    tableEvent(tableId, 'FieldAdd', [id]);
    return id;
  },
  'WidgetTable.getRecordsByPage': ([tableId], [options]) => {
    const rows = table(tableId).records;
    const start = Number(options?.pageToken ?? 0) || 0;
    const size = Math.min(options?.pageSize ?? 200, 200, state.pageLimit);
    const page = rows.slice(start, start + size);
    const next = start + page.length;
    return {
      records: structuredClone(page),
      hasMore: next < rows.length,
      pageToken: next < rows.length ? next : undefined,
      total: rows.length,
    };
  },
  'WidgetTable.getRecordById': ([tableId], [recordId]) => {
    const record = table(tableId).records.find((r) => r.recordId === recordId);
    if (!record) throw { code: 10214001, message: 'record not found error' };
    return { fields: structuredClone(record.fields) };
  },
  'WidgetTable.addRecords': ([tableId], [records]) => {
    const t = table(tableId);
    const ids = records.map((r) => {
      checkFields(t, r.fields);
      const recordId = nextId('rec');
      t.records.push({ recordId, fields: stamp(t, structuredClone(r.fields)) });
      return recordId;
    });
    for (const id of ids) tableEvent(tableId, 'RecordAdd', [id]);
    return ids;
  },
  'WidgetTable.setRecords': ([tableId], [records]) => {
    const t = table(tableId);
    return records.map(({ recordId, fields }) => {
      const record = t.records.find((r) => r.recordId === recordId);
      if (!record) throw { code: 10214001, message: 'record not found error' };
      checkFields(t, fields);
      stamp(t, Object.assign(record.fields, structuredClone(fields)));
      tableEvent(tableId, 'RecordModify', { recordId, fieldIds: Object.keys(fields) });
      return recordId;
    });
  },
  'WidgetTable.deleteRecords': ([tableId], [recordIds]) => {
    const t = table(tableId);
    for (const id of recordIds) {
      const at = t.records.findIndex((r) => r.recordId === id);
      if (at < 0) throw { code: 10214001, message: 'record not found error' };
      t.records.splice(at, 1);
      tableEvent(tableId, 'RecordDelete', [id]);
    }
    return true;
  },
  // Base answers temporary download URLs; the double answers data: URLs, which a frame on another
  // origin can read (a blob: URL of this page could not be read there).
  'WidgetTable.getCellAttachmentUrls': (_c, [tokens]) => Promise.all(tokens.map((token) => dataUrl(state.uploads[token]))),
};

/** A page that frames the extension but does not speak the protocol (seed.silent). */
let silent = false;

window.addEventListener('message', (event) => {
  if (!frame || block || silent || event.source !== frame.contentWindow) return;
  const message = event.data ?? {};
  if (message.type === 'handshake') {
    if (message.payload?.proactive) post({ id: message.id, type: 'handshake', payload: { prefixId: 'host' } });
    else if (message.payload?.info?.isHandshakeSuccess) state.handshakes += 1;
    return;
  }
  if (message.type !== 'invoke') return;
  const { key, params } = message.payload;
  const name = String(key)
    .replace(/^bitable\./, '')
    .replace('_', '.');
  state.log.push(name);
  const fail = (error) => ({ e: 'bte', code: error?.code ?? 10099000, message: error?.message ?? String(error) });
  const res = (params ?? []).map(({ c, p }) => {
    const fn = api[name];
    if (!fn) return { e: 'bte', code: 10099001, message: `not supported by the test host: ${name}` };
    try {
      return Promise.resolve(fn(c ?? [], p ?? [])).catch(fail);
    } catch (error) {
      return fail(error);
    }
  });
  Promise.all(res).then((answers) => post({ id: message.id, type: 'callback', payload: { res: answers } }));
});

/** What the tests drive: seed the Base, open the extension, change cells as a user would. */
window.host = {
  state,
  start(url, seed = {}) {
    silent = Boolean(seed.silent);
    if (seed.pageLimit) state.pageLimit = seed.pageLimit;
    Object.assign(state.host, seed.host ?? {});
    for (const t of seed.tables ?? [])
      state.tables.push({
        id: t.id,
        name: t.name,
        fields: t.fields ?? [],
        records: (t.records ?? []).map((r) => ({ ...r })),
      });
    state.selection.tableId = seed.tableId ?? state.tables[0]?.id ?? null;
    frame = document.createElement('iframe');
    if (seed.via === 'block') {
      Object.assign(api, blockApi(table, state));
      block = serveBlock({ frame, api, state, silent, unsupported: seed.unsupported ?? [] });
    }
    frame.src = url;
    frame.id = 'extension';
    frame.style.cssText = 'width: 480px; height: 860px; border: 1px solid #ccc';
    document.body.append(frame);
  },
  select(selection) {
    Object.assign(state.selection, selection);
    emit('BaseEvent_SelectionChange', { ...state.selection });
  },
  /** The Base's theme changes (ThemeChange of the bridge). */
  setTheme(theme) {
    state.host.theme = theme;
    emit('BridgeEvent_ThemeChange', { theme });
  },
  editCells(tableId, recordId, fields) {
    api['WidgetTable.setRecords']([tableId], [[{ recordId, fields }]]);
  },
  /** A file already in the Base's drive (a user's earlier upload); answers its token. */
  addUpload(name, type, base64) {
    const bytes = Uint8Array.from(atob(base64), (ch) => ch.charCodeAt(0));
    const token = nextId('box');
    state.uploads[token] = new File([bytes], name, { type });
    return { token, size: bytes.length };
  },
  table: (id) => structuredClone(table(id)),
  uploadsOf: (tokens) =>
    tokens.map((t) =>
      state.uploads[t] ? { name: state.uploads[t].name, size: state.uploads[t].size, type: state.uploads[t].type } : null,
    ),
};
