// @vitest-environment jsdom
import { EMBED_CHANNEL, EMBED_ERRORS, type EmbedCommandMessage, type EmbedEventMessage } from '@productimage/core/embed/protocol';
import { connectToHost, connectToProduct, type EmbedLink } from '@productimage/core/embed/rpc';
import { connect, WindowMessenger } from 'penpal';
import { afterEach, describe, expect, it } from 'vitest';
import { windowPair } from './test-windows.ts';

const HOST = 'https://shop.example';
const PRODUCT = 'https://studio.example';

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});
function track<T extends { destroy(): void }>(link: T): T {
  cleanups.push(() => link.destroy());
  return link;
}

/** Host and product ends over a window pair; what each side received is recorded. */
function connectBoth(
  options: { hostOrigin?: string; allowedOrigins?: string[]; productOrigin?: string; timeoutMs?: number } = {},
) {
  const pair = windowPair(options.hostOrigin ?? HOST, PRODUCT);
  const events: EmbedEventMessage[] = [];
  const commands: EmbedCommandMessage[] = [];
  const host = track(
    connectToProduct({
      frame: pair.frame,
      productOrigin: options.productOrigin ?? PRODUCT,
      onEvent: (message) => events.push(message),
      timeoutMs: options.timeoutMs,
    }),
  );
  const product = track(
    connectToHost({
      host: pair.parent,
      allowedOrigins: options.allowedOrigins ?? [HOST],
      onCommand: (message) => void commands.push(message),
      timeoutMs: options.timeoutMs,
    }),
  );
  return { pair, host, product, events, commands };
}

const failureOf = (link: EmbedLink<unknown>) =>
  link.connected.then(
    () => null,
    (error: Error & { code?: string }) => error.code,
  );

describe('embed RPC', () => {
  it('shakes hands, then carries commands to the product and events to the host', async () => {
    const { host, product, events, commands } = connectBoth();
    await Promise.all([host.connected, product.connected]);

    await host.send('navigate', { route: '/ai-cutout?from=shop' });
    await host.send('setToken', { token: 'abcdefgh12345678' });
    expect(commands).toEqual([
      { v: 1, type: 'navigate', data: { route: '/ai-cutout?from=shop' } },
      { v: 1, type: 'setToken', data: { token: 'abcdefgh12345678' } },
    ]);

    await product.send('balanceChanged', { balance: 500, previous: null });
    await product.send('taskFinished', {
      taskId: 't1',
      bizType: 'MATTING_IMAGE',
      status: 'completed',
      outputs: [{ url: `${PRODUCT}/files/out.png`, type: 'image' }],
    });
    expect(events.map((e) => e.type)).toEqual(['balanceChanged', 'taskFinished']);
    expect(events[0]?.data).toEqual({ balance: 500, previous: null });
  });

  it('gives up with CONNECTION_TIMEOUT when nobody answers the handshake', async () => {
    const pair = windowPair(HOST, PRODUCT);
    const host = track(connectToProduct({ frame: pair.frame, productOrigin: PRODUCT, onEvent: () => {}, timeoutMs: 50 }));
    expect(await failureOf(host)).toBe('CONNECTION_TIMEOUT');
    await expect(host.send('openLogin', {})).rejects.toMatchObject({ code: 'CONNECTION_TIMEOUT' });
  });

  it('never connects a product to a host page whose origin is not allowed', async () => {
    const { host, product, commands } = connectBoth({ hostOrigin: 'https://evil.example', timeoutMs: 100 });
    expect(await failureOf(product)).toBe('CONNECTION_TIMEOUT');
    expect(await failureOf(host)).toBe('CONNECTION_TIMEOUT');
    expect(commands).toEqual([]);
  });

  it('never connects a host to a frame that is not the product origin', async () => {
    const { host } = connectBoth({ productOrigin: 'https://other-studio.example', timeoutMs: 100 });
    expect(await failureOf(host)).toBe('CONNECTION_TIMEOUT');
  });

  it('refuses commands of another protocol version and malformed ones', async () => {
    const pair = windowPair(HOST, PRODUCT);
    const commands: EmbedCommandMessage[] = [];
    const rejected: string[] = [];
    track(
      connectToHost({
        host: pair.parent,
        allowedOrigins: [HOST],
        onCommand: (message) => void commands.push(message),
        onRejected: (error) => rejected.push(error.message),
      }),
    );
    // A host speaking raw penpal, as a newer (or hand-written) SDK would.
    const raw = track(
      connect<{ command(message: unknown): Promise<void> }>({
        messenger: new WindowMessenger({ remoteWindow: pair.frame, allowedOrigins: [PRODUCT] }),
        channel: EMBED_CHANNEL,
        methods: { event: () => {} },
      }),
    );
    const remote = await raw.promise;
    await expect(remote.command({ v: 2, type: 'navigate', data: { route: '/' } })).rejects.toThrow(
      EMBED_ERRORS.unsupportedVersion,
    );
    await expect(remote.command({ v: 1, type: 'navigate', data: { route: 'https://evil.example/' } })).rejects.toThrow(
      EMBED_ERRORS.invalidMessage,
    );
    await expect(remote.command({ v: 1, type: 'setToken', data: { token: 'x y' } })).rejects.toThrow(EMBED_ERRORS.invalidMessage);
    await expect(remote.command({ v: 1, type: 'eval', data: {} })).rejects.toThrow(EMBED_ERRORS.invalidMessage);
    expect(commands).toEqual([]);
    expect(rejected).toEqual([
      EMBED_ERRORS.unsupportedVersion,
      EMBED_ERRORS.invalidMessage,
      EMBED_ERRORS.invalidMessage,
      EMBED_ERRORS.invalidMessage,
    ]);
    await remote.command({ v: 1, type: 'openLogin', data: {} });
    expect(commands).toEqual([{ v: 1, type: 'openLogin', data: {} }]);
  });

  it('times out a call the product never answers', async () => {
    const pair = windowPair(HOST, PRODUCT);
    track(
      connectToHost({
        host: pair.parent,
        allowedOrigins: [HOST],
        onCommand: () => new Promise<void>(() => {}),
      }),
    );
    const host = track(connectToProduct({ frame: pair.frame, productOrigin: PRODUCT, onEvent: () => {}, callTimeoutMs: 50 }));
    await host.connected;
    await expect(host.send('openLogin', {})).rejects.toMatchObject({ code: 'METHOD_CALL_TIMEOUT' });
  });
});
