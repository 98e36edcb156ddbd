import { describe, expect, it } from 'vitest';
import { explainError } from '../session.ts';
import { detectHost, HostCallError, withTimeout } from './host.ts';

/** A window as the page sees it: framed or not, its frame name and address. */
const page = (framed: boolean, name = '', search = '') => {
  const win = { name, location: { search } } as unknown as Window & { parent: Window };
  win.parent = framed ? ({} as Window) : win;
  return win;
};

describe('which Base host frames the page', () => {
  it('a block host names the frame with the block’s type id and channel (what the Pack SDK reads)', () => {
    expect(detectHost(page(true, JSON.stringify({ blockTypeId: 'blk_1', channel: 'ch_9' })))).toEqual({
      kind: 'block',
      blockTypeId: 'blk_1',
      channel: 'ch_9',
    });
  });
  it('any other frame is an extension host; a block address there is told apart; a plain tab has none', () => {
    expect(detectHost(page(true, 'some-frame'))).toEqual({ kind: 'extension', expectedBlock: false });
    expect(detectHost(page(true, '{"channel":1}', '?host=block'))).toEqual({ kind: 'extension', expectedBlock: true });
    expect(detectHost(page(false, JSON.stringify({ blockTypeId: 'b', channel: 'c' })))).toEqual({ kind: 'none' });
  });
});

describe('host calls that fail for the host’s own reasons', () => {
  it('a call the host never answers fails after our time-out and names the host and the call', async () => {
    const never = new Promise<never>(() => undefined);
    const error = await withTimeout(never, 20, 'block', 'table.getRecords').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HostCallError);
    expect(explainError(error)).toEqual({
      key: 'feishuPlugins:errors.host.block.timeout',
      params: { method: 'table.getRecords', seconds: '0' },
    });
    await expect(withTimeout(Promise.resolve(7), 20, 'block', 'x')).resolves.toBe(7);
  });
  it('a call the host does not have is explained as missing in that host', () => {
    expect(explainError(new HostCallError('block', 'base.batchUploadFile', 'unsupported'))?.key).toBe(
      'feishuPlugins:errors.host.block.unsupported',
    );
  });
});
