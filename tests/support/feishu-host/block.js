// The Bitable block host (多维表格小组件) side of the double: the same Base as host.js, reached the
// way @lark-opdev/block-bitable-api 0.4.0 reaches its host. Written from the SDK's dist/index.js:
// - identity: the SDK reads `JSON.parse(window.name)` as `{ blockTypeId, channel }` (the `ZT`
//   client factory) and throws "Block client only running in Block host" without it; the host
//   names the block's frame so.
// - envelope (`ex.post`): every message in both directions is `{ signature: 'iframe-block', type,
//   payload, channel, timestamp, dehydrates }`, posted with targetOrigin '*'; the client reads only
//   messages with that signature and its channel. `payload` is a JSON string; values JSON cannot
//   carry (Blob, File, FileList, ArrayBuffer, Map, Set, RegExp) travel structured-cloned in
//   `dehydrates` and stand in the payload as `{ __sign__: 'blockit-iframe-dehydrate', __index__ }`.
// - request / response (`tx.callMethod`, `handleRequest`, `handleResponse`): no handshake, the
//   client sends `{ id, name, data }` at once; `name` is `bitable.<Module>_<method>` and `data` a
//   batch of calls `[{ c, p }]` (c = context such as [tableId], p = the arguments; `tC` batches
//   table calls for 5 ms). The host answers `{ id, success: true, data: [one result per call] }`;
//   a failed call's result is `{ e: 'bte', code, message }` (the SDK throws it, `z0`). A method the
//   host has no handler for fails the whole request: `{ id, success: false, data: [{ name,
//   message: 'Cannot found handler of <name>', stack }, null] }` (`Sf.invokeHandler`).
// - events (`handleEvent`): `{ name, data }` with names BaseEvent_<name>,
//   BaseEvent_tableId_<tableId>_<name>, BridgeEvent_<name>, after the block registered them
//   (WidgetBase_registerBaseEvent, WidgetTable_registerTableEvent, Bridge_registerBridgeEvent);
//   listeners get `{ name, type: 'publish', data }`.
// - at import the SDK itself calls Private_setClientVersion, WidgetBase_getBasePermission (twice)
//   and registers BaseEvent_PermissionChange.
// The block's API differs from the extension's: no getRecordsByPage (and no getRecordIdListByPage,
// getRecordsByIds, getPersonalBaseToken, navigateToExtension); records come in pages from
// getRecords({ pageSize, pageToken }), whose token is a record id (here: the next page's first).

const SIGNATURE = 'iframe-block';
const DEHYDRATED = 'blockit-iframe-dehydrate';

/** The block's own API on top of the Base's: what the Pack SDK calls and the extension SDK does not. */
export function blockApi(table, state) {
  return {
    'WidgetTable.getRecords': ([tableId], [options]) => {
      const rows = table(tableId).records;
      const size = Math.min(options?.pageSize ?? 500, 5000, state.pageLimit);
      let start = 0;
      if (options?.pageToken !== undefined) {
        start = rows.findIndex((r) => r.recordId === options.pageToken);
        if (start < 0) throw { code: 10214998, message: 'record not found error' };
      }
      const page = rows.slice(start, start + size);
      const next = rows[start + page.length];
      return {
        records: structuredClone(page),
        hasMore: Boolean(next),
        ...(next ? { pageToken: next.recordId } : {}),
        total: rows.length,
      };
    },
  };
}

/**
 * Frames the block: names its frame as a block host does and answers its requests from `api`
 * (host.js's Base with `blockApi` added). `unsupported` lists methods (`WidgetTable.getCellAttachmentUrls`)
 * this host has no handler for; `silent` answers nothing (a block host that never responds).
 * Answers `event(name, data)`, which host.js calls for the events the block registered.
 */
export function serveBlock({ frame, api, state, silent = false, unsupported = [] }) {
  const channel = `blk_channel_${Math.random().toString(36).slice(2, 10)}`;
  frame.name = JSON.stringify({ blockTypeId: 'blk_test_type', channel });

  const post = (type, payload) =>
    frame.contentWindow?.postMessage(
      { signature: SIGNATURE, type, payload: JSON.stringify(payload), channel, timestamp: Date.now(), dehydrates: [] },
      '*',
    );

  window.addEventListener('message', (event) => {
    const message = event.data;
    if (silent || event.source !== frame.contentWindow || message?.signature !== SIGNATURE || message.channel !== channel) return;
    if (message.type !== 'request') return;
    const transfer = message.dehydrates ?? [];
    const { id, name, data } = JSON.parse(message.payload, (_key, value) =>
      value && typeof value === 'object' && value.__sign__ === DEHYDRATED ? transfer[value.__index__] : value,
    );
    const method = String(name)
      .replace(/^bitable\./, '')
      .replace('_', '.');
    state.log.push(method);
    const fn = api[method];
    if (!fn || unsupported.includes(method)) {
      const error = new Error(`Cannot found handler of ${name}`);
      post('response', { id, success: false, data: [{ name: error.name, message: error.message, stack: error.stack }, null] });
      return;
    }
    const fail = (error) => ({ e: 'bte', code: error?.code ?? 10099000, message: error?.message ?? String(error) });
    const results = (data ?? []).map(({ c, p }) => {
      try {
        return Promise.resolve(fn(c ?? [], p ?? [])).catch(fail);
      } catch (error) {
        return fail(error);
      }
    });
    Promise.all(results).then((answers) => post('response', { id, success: true, data: answers }));
  });

  return { event: (eventName, params) => post('event', { name: eventName, data: params }) };
}
