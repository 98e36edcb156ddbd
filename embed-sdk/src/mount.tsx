/** @jsxImportSource preact */
import { EMBED_ERRORS, type EmbedCommandMap, type EmbedEventMessage } from '@productimage/core/embed/protocol';
import { connectToProduct, type EmbedLink } from '@productimage/core/embed/rpc';
import enTexts from '@productimage/core/i18n/en/embed';
import zhTexts from '@productimage/core/i18n/zh/embed';
import { createRef, render } from 'preact';
import { FRAME_ALLOW, FRAME_SANDBOX, frameName, frameUrl } from './frame.ts';
import type { ResolvedOptions } from './options.ts';
import type { EmbedErrorInfo, EventName, SdkEvent, SdkEventMap } from './types.ts';
import { ensureStyles, Widget, type WidgetStatus } from './widget.tsx';

/** A promise with its settle functions; rejections nobody awaits are not reported as unhandled. */
function deferred<T = void>() {
  let resolve!: (value: T) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  promise.catch(() => undefined);
  return { promise, resolve, reject };
}

/** Where a mount's events go (the API fans them out to its listeners). */
export type Dispatch = <K extends EventName>(event: SdkEvent<K>) => void;

/**
 * One widget on the page: a container in the host element, the iframe, and the RPC link to the
 * product inside it. Commands wait until the product is ready; when the product reloads itself
 * (it says `unload`), commands in flight are sent again to the new page once it is ready (they are
 * all idempotent: set token, navigate, set language, open login).
 */
export class Mount {
  readonly id: string;
  private readonly container: HTMLElement;
  private readonly frame = createRef<HTMLIFrameElement>();
  private link: EmbedLink<EmbedCommandMap> | null = null;
  private status: WidgetStatus = 'loading';
  private error: EmbedErrorInfo | null = null;
  private height: number;
  private attempt = 0;
  private destroyed = false;
  /** Resolves when the product is ready; replaced when it unloads; rejected when the mount fails. */
  private ready = deferred();
  /** Resolves when the current product page unloads. */
  private unloaded = deferred();
  private readyTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly options: ResolvedOptions,
    private readonly dispatch: Dispatch,
  ) {
    this.id = options.id;
    this.height = options.height;
    const doc = options.el.ownerDocument;
    ensureStyles(doc);
    this.container = doc.createElement('div');
    this.container.className = 'productimage-embed';
    this.container.dataset.productimageId = this.id;
    options.el.appendChild(this.container);
    this.render();
    this.connect();
  }

  /** Sends a command once the product is ready; rejects on timeout or when the product refuses it. */
  async send<K extends keyof EmbedCommandMap>(type: K, data: EmbedCommandMap[K]): Promise<void> {
    for (;;) {
      await this.ready.promise;
      const link = this.link;
      if (!link) throw new Error(`ProductImage: mount "${this.id}" is not connected`);
      const unloaded = this.unloaded.promise.then(() => 'unloaded' as const);
      if ((await Promise.race([link.send(type, data).then(() => 'done' as const), unloaded])) === 'done') return;
    }
  }

  /** Creates the iframe afresh and connects again (the error state's retry button). */
  retry() {
    this.link?.destroy();
    this.ready = deferred();
    this.attempt += 1;
    this.status = 'loading';
    this.error = null;
    this.height = this.options.height;
    this.render();
    this.connect();
  }

  unmount() {
    if (this.destroyed) return;
    this.destroyed = true;
    clearTimeout(this.readyTimer);
    this.ready.reject(new Error(`ProductImage: mount "${this.id}" was unmounted`));
    this.link?.destroy();
    this.link = null;
    render(null, this.container);
    this.container.remove();
  }

  private connect() {
    const frame = this.frame.current?.contentWindow;
    if (!frame) return this.fail({ code: 'unreachable', message: 'the iframe could not be created' });
    const link = connectToProduct({
      frame,
      productOrigin: this.options.origin,
      timeoutMs: this.options.timeout,
      onEvent: (message) => this.onEvent(message),
      onRejected: (error) => this.onRejected(error),
    });
    this.link = link;
    link.connected.then(
      () => {
        if (link === this.link && this.options.token)
          this.send('setToken', { token: this.options.token }).catch(this.reportCommandError);
      },
      (error: Error) => {
        if (link === this.link) this.fail({ code: 'unreachable', message: error.message });
      },
    );
  }

  private onEvent(message: EmbedEventMessage) {
    if (this.destroyed) return;
    if (message.type === 'ready') {
      clearTimeout(this.readyTimer);
      this.ready.resolve();
      this.setState({ status: 'ready', error: null });
    }
    if (message.type === 'unload') this.onUnload();
    if (message.type === 'resize') this.setState({ height: Math.ceil(message.data.height) });
    this.dispatch({ type: message.type, id: this.id, data: message.data } as SdkEvent<typeof message.type>);
  }

  /** The product page is going away: hold commands and show loading until the new page is ready. */
  private onUnload() {
    this.unloaded.resolve();
    this.unloaded = deferred();
    this.ready = deferred();
    this.setState({ status: 'loading' });
    clearTimeout(this.readyTimer);
    this.readyTimer = setTimeout(
      () => this.fail({ code: 'unreachable', message: 'the product did not come back after reloading' }),
      this.options.timeout,
    );
  }

  private onRejected(error: Error) {
    if (error.message === EMBED_ERRORS.unsupportedVersion) this.fail({ code: 'incompatible', message: error.message });
  }

  private reportCommandError = (error: Error) => {
    if (error.message.includes(EMBED_ERRORS.unsupportedVersion)) this.fail({ code: 'incompatible', message: error.message });
    else console.error('ProductImage:', error);
  };

  private fail(error: EmbedErrorInfo) {
    if (this.destroyed) return;
    clearTimeout(this.readyTimer);
    // Commands now fail at once (also when the product had been ready), until a retry.
    this.ready = deferred();
    this.ready.reject(new Error(`ProductImage: ${error.message}`));
    this.setState({ status: 'error', error });
    this.dispatch<'error'>({ type: 'error', id: this.id, data: error satisfies SdkEventMap['error'] });
  }

  private setState(next: Partial<{ status: WidgetStatus; error: EmbedErrorInfo | null; height: number }>) {
    if (next.status !== undefined) this.status = next.status;
    if (next.error !== undefined) this.error = next.error;
    if (next.height !== undefined && next.height > 0) this.height = next.height;
    this.render();
  }

  private render() {
    const o = this.options;
    render(
      <Widget
        src={frameUrl(o)}
        name={frameName(this.id)}
        attempt={this.attempt}
        status={this.status}
        error={this.error}
        height={this.height}
        theme={o.theme}
        texts={o.language === 'en' ? enTexts : zhTexts}
        sandbox={FRAME_SANDBOX}
        allow={FRAME_ALLOW}
        frameRef={this.frame}
        onRetry={() => this.retry()}
      />,
      this.container,
    );
  }
}
