import { bitable, type ITable } from '@lark-opdev/block-bitable-api';
import { type BitableLike, type BitableTable, createBitableAdapter } from './bitable.ts';
import { HostCallError, withTimeout } from './host.ts';
import type { BaseAdapter } from './types.ts';

/**
 * The Base adapter in a Bitable block's host, through the Pack SDK @lark-opdev/block-bitable-api.
 * Only connect.ts loads this module, dynamically, once the frame's name says a block host framed
 * the page (importing the SDK anywhere else throws "Block client only running in Block host"), so
 * an extension never fetches it.
 *
 * The Pack SDK posts `{ signature: 'iframe-block', type: 'request', payload, channel }` to the
 * parent with no handshake and no time-out: a host that never answers leaves the call pending for
 * ever. Every call here therefore has a time-out of our own, and a host without a method (its
 * answer "Cannot found handler of bitable.<Module>_<method>", or the SDK's "not registered") is
 * named as such; both become HostCallError, which the page explains.
 */
export const BLOCK_CALL_TIMEOUT_MS = 20_000;
/** Uploading files and signing attachment URLs move bytes: they get longer. */
const SLOW_CALL_TIMEOUT_MS = 120_000;
const SLOW = new Set(['base.batchUploadFile', 'table.getCellAttachmentUrls']);

/** The Pack host's answer for a method it has no handler for, or the SDK's own "not registered" stub. */
const isUnsupported = (error: unknown) => {
  const { message, code } = (error ?? {}) as { message?: unknown; code?: unknown };
  return /Cannot found handler of|not registered/i.test(String(message ?? error)) || code === 10299997;
};

export function createBlockBase(timeoutMs = BLOCK_CALL_TIMEOUT_MS): BaseAdapter {
  return createBitableAdapter<BitableTable>(bitable as unknown as BitableLike, {
    kind: 'block',
    async call(method, run) {
      try {
        return await withTimeout(
          run(),
          SLOW.has(method) ? Math.max(timeoutMs, SLOW_CALL_TIMEOUT_MS) : timeoutMs,
          'block',
          method,
        );
      } catch (error) {
        if (isUnsupported(error)) throw new HostCallError('block', method, 'unsupported');
        throw error;
      }
    },
    // No getRecordsByPage in the Pack SDK: getRecords pages by record id (the token names where
    // the next page starts), at most 5000 a page.
    async recordsPage(table, { pageSize, pageToken }) {
      const page = await (table as unknown as ITable).getRecords({
        pageSize: Math.min(pageSize, 5000),
        ...(pageToken === undefined ? {} : { pageToken: String(pageToken) }),
      });
      return {
        records: page.records,
        hasMore: page.hasMore,
        ...(page.pageToken ? { pageToken: page.pageToken } : {}),
        total: page.total,
      };
    },
  });
}
