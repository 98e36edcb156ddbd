import { detectHost } from './host.ts';
import type { BaseAdapter, HostInfo, HostKind } from './types.ts';

/**
 * Why a plugin has no Base: opened in a plain tab, or the framing page never answered. `host` is
 * the host the page was waiting for (a block host and an extension host are told apart).
 */
export class NoHostError extends Error {
  constructor(
    readonly reason: 'not-framed' | 'no-answer' | 'block-unnamed',
    readonly host: HostKind = 'extension',
  ) {
    super(
      reason === 'not-framed'
        ? 'not opened inside a Base'
        : reason === 'block-unnamed'
          ? 'the block host did not name the frame'
          : `the Base ${host} host did not answer`,
    );
    this.name = 'NoHostError';
  }
}

/**
 * How long we wait for the host's first answer. The extension SDK retries its handshake for about
 * 12 s and then fails every call; the Pack SDK (blocks) has no handshake and never gives up; outside
 * a frame the calls never settle at all. So we decide ourselves.
 */
export const HOST_ANSWER_TIMEOUT_MS = 15_000;

export interface Connected {
  base: BaseAdapter;
  host: HostInfo;
}

/**
 * Connects to the Base that frames this page. Outside a frame it fails at once (the SDKs would hang
 * forever). Inside one it loads the SDK of the host it finds, only that one (a block host names the
 * frame, see host.ts; the other SDK is never fetched), and waits for the host's first answers.
 */
export async function connectBase(win: Window = window, timeoutMs = HOST_ANSWER_TIMEOUT_MS): Promise<Connected> {
  const detected = detectHost(win);
  if (detected.kind === 'none') throw new NoHostError('not-framed');
  // A block URL framed without the block host's name: the Pack SDK would throw, the extension SDK
  // would wait 15 s for a handshake nobody sends. Say what is wrong instead.
  if (detected.kind === 'extension' && detected.expectedBlock) throw new NoHostError('block-unnamed', 'block');
  const base =
    detected.kind === 'block' ? (await import('./block.ts')).createBlockBase() : (await import('./sdk.ts')).createSdkBase();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new NoHostError('no-answer', base.kind)), timeoutMs);
  });
  try {
    const host = await Promise.race([base.hostInfo(), timeout]);
    return { base, host };
  } catch (error) {
    // The extension SDK rejects with "time out" when its handshake retries run out.
    if (error instanceof NoHostError || String(error).includes('time out')) throw new NoHostError('no-answer', base.kind);
    throw error;
  } finally {
    clearTimeout(timer);
  }
}
