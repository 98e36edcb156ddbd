import type { HostKind } from './types.ts';

/**
 * Which Base host frames this page, decided before any SDK is loaded (each host's SDK is its own
 * chunk, and the other one is never fetched):
 * - `block`: a Bitable block (多维表格小组件) host. It names its frame with JSON carrying the block's
 *   type id and channel (`window.name`, read by @lark-opdev/block-bitable-api, which throws "Block
 *   client only running in Block host" without it).
 * - `extension`: any other framing page, answered by @lark-base-open/js-sdk's handshake.
 * - `none`: a plain tab.
 * A block URL carries `?host=block`, so a block host that did not name the frame is told apart
 * from an extension host that does not answer.
 */
export type DetectedHost =
  | { kind: 'block'; blockTypeId: string; channel: string }
  | { kind: 'extension'; expectedBlock: boolean }
  | { kind: 'none' };

export function detectHost(win: Window = window): DetectedHost {
  if (win.parent === win) return { kind: 'none' };
  const identity = blockIdentity(win.name);
  if (identity) return { kind: 'block', ...identity };
  return { kind: 'extension', expectedBlock: new URLSearchParams(win.location.search).get('host') === 'block' };
}

/** The block host's frame name: JSON `{ blockTypeId, channel }` (what the Pack SDK reads). */
export function blockIdentity(name: string): { blockTypeId: string; channel: string } | null {
  if (!name?.startsWith('{')) return null;
  try {
    const value = JSON.parse(name) as { blockTypeId?: unknown; channel?: unknown };
    if (typeof value?.blockTypeId === 'string' && typeof value.channel === 'string' && value.channel)
      return { blockTypeId: value.blockTypeId, channel: value.channel };
  } catch {
    // not JSON: not a block host's frame
  }
  return null;
}

/**
 * A host call that failed for a reason of the host itself: the host does not have the method
 * (`unsupported`) or never answered it (`timeout`). The page names the host and what is missing
 * (session.ts explainError), instead of waiting forever or failing silently.
 */
export class HostCallError extends Error {
  constructor(
    readonly host: HostKind,
    readonly method: string,
    readonly reason: 'unsupported' | 'timeout',
    readonly seconds = 0,
  ) {
    super(`${host} host: ${method} ${reason === 'timeout' ? `did not answer within ${seconds} s` : 'is not supported'}`);
    this.name = 'HostCallError';
  }
}

/** Answers the promise, or fails with HostCallError('timeout') after `ms`. */
export function withTimeout<T>(promise: Promise<T>, ms: number, host: HostKind, method: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new HostCallError(host, method, 'timeout', Math.round(ms / 1000))), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
