import { bitable, type ITable } from '@lark-base-open/js-sdk';
import { type BitableLike, type BitableTable, createBitableAdapter } from './bitable.ts';
import type { BaseAdapter } from './types.ts';

/**
 * The Base adapter in a Base extension's host: every call goes through @lark-base-open/js-sdk,
 * which posts it to the Feishu/Lark page that frames the plugin (its handshake gives up by itself
 * after about 12 s). This is the only module that imports that SDK, and only an extension host's
 * page loads it (dynamically, from connect.ts), so a block never fetches it.
 */
export function createSdkBase(): BaseAdapter {
  return createBitableAdapter<BitableTable>(bitable as unknown as BitableLike, {
    kind: 'extension',
    call: (_method, run) => run(),
    async recordsPage(table, { pageSize, pageToken }) {
      const page = await (table as unknown as ITable).getRecordsByPage({ pageSize, pageToken: pageToken as number | undefined });
      return { records: page.records, hasMore: page.hasMore, pageToken: page.pageToken, total: page.total };
    },
  });
}
