import type { BaseAdapter, HostInfo } from './types.ts';

/** Why a plugin has no Base: opened in a plain tab, or the framing page never answered the SDK. */
export class NoHostError extends Error {
  constructor(readonly reason: 'not-framed' | 'no-answer') {
    super(reason === 'not-framed' ? 'not opened inside a Base' : 'the Base host did not answer');
    this.name = 'NoHostError';
  }
}

/**
 * How long we wait for the host's first answer. The SDK retries its handshake for about 12 s and
 * then fails every call; outside a frame its calls never settle at all, so we decide ourselves.
 */
export const HOST_ANSWER_TIMEOUT_MS = 15_000;

export interface Connected {
  base: BaseAdapter;
  host: HostInfo;
}

/**
 * Connects to the Base that frames this page. Outside a frame it fails at once (the SDK would hang
 * forever); inside one it loads the SDK (only now, so a plain tab never pays for it) and waits for
 * the host's first answers.
 */
export async function connectBase(win: Window = window, timeoutMs = HOST_ANSWER_TIMEOUT_MS): Promise<Connected> {
  if (win.parent === win) throw new NoHostError('not-framed');
  const { createSdkBase } = await import('./sdk.ts');
  const base = createSdkBase();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new NoHostError('no-answer')), timeoutMs);
  });
  try {
    const host = await Promise.race([base.hostInfo(), timeout]);
    return { base, host };
  } catch (error) {
    // The SDK rejects with "time out" when its handshake retries run out.
    if (error instanceof NoHostError || String(error).includes('time out')) throw new NoHostError('no-answer');
    throw error;
  } finally {
    clearTimeout(timer);
  }
}
