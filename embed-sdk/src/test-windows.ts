/**
 * Test double of the browser's cross-window postMessage for the RPC tests: two window proxies in
 * one jsdom page. A message posted to one side is delivered as a `message` event on the page's
 * window with the sender's origin and window as `origin` and `source`, and, as browsers do, it is
 * dropped when the targetOrigin does not match the receiver. Transferred MessagePorts travel along.
 */
export interface WindowPair {
  /** The iframe's window as the host sees it. */
  frame: Window;
  /** The parent window as the product sees it. */
  parent: Window;
}

type PostOptions = string | { targetOrigin?: string; transfer?: Transferable[] } | undefined;

export function windowPair(hostOrigin: string, productOrigin: string): WindowPair {
  const frame = {} as Window & { postMessage: Window['postMessage'] };
  const parent = {} as Window & { postMessage: Window['postMessage'] };
  const deliver = (receiverOrigin: string, data: unknown, options: PostOptions, origin: string, source: unknown) => {
    const targetOrigin = typeof options === 'string' ? options : (options?.targetOrigin ?? '/');
    if (targetOrigin !== '*' && targetOrigin !== receiverOrigin) return;
    const ports = typeof options === 'object' ? (options.transfer ?? []).filter((t) => t instanceof MessagePort) : [];
    setTimeout(() => {
      const event = new Event('message');
      Object.defineProperties(event, {
        data: { value: data },
        origin: { value: origin },
        source: { value: source },
        ports: { value: ports },
      });
      window.dispatchEvent(event);
    }, 0);
  };
  frame.postMessage = ((data: unknown, options: PostOptions) =>
    deliver(productOrigin, data, options, hostOrigin, parent)) as Window['postMessage'];
  parent.postMessage = ((data: unknown, options: PostOptions) =>
    deliver(hostOrigin, data, options, productOrigin, frame)) as Window['postMessage'];
  return { frame, parent };
}
