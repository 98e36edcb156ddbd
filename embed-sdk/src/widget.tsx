/** @jsxImportSource preact */
import type { EmbedTheme } from '@productimage/core/embed/protocol';
import type enTexts from '@productimage/core/i18n/en/embed';
import type { Ref } from 'preact';
import type { EmbedErrorInfo } from './types.ts';

export type WidgetStatus = 'loading' | 'ready' | 'error';
export type WidgetTexts = typeof enTexts;

export interface WidgetProps {
  src: string;
  name: string;
  /** Bumped by retry so the iframe is created afresh. */
  attempt: number;
  status: WidgetStatus;
  error: EmbedErrorInfo | null;
  height: number;
  theme?: EmbedTheme;
  texts: WidgetTexts;
  sandbox: string;
  allow: string;
  frameRef: Ref<HTMLIFrameElement>;
  onRetry(): void;
}

const SPINNER_STYLE_ID = 'productimage-embed-style';

/** The spinner needs a keyframes rule; it is added once per page. */
export function ensureStyles(doc: Document) {
  if (doc.getElementById(SPINNER_STYLE_ID)) return;
  const style = doc.createElement('style');
  style.id = SPINNER_STYLE_ID;
  style.textContent =
    '@keyframes productimage-embed-spin{to{transform:rotate(360deg)}}' +
    '.productimage-embed-spinner{width:28px;height:28px;border-radius:50%;border:3px solid rgba(35,82,216,.2);' +
    'border-top-color:#2352d8;animation:productimage-embed-spin .8s linear infinite}';
  doc.head.appendChild(style);
}

/** The iframe with its loading and error states laid over it until the product says it is ready. */
export function Widget(props: WidgetProps) {
  const dark = props.theme === 'dark';
  const overlay = {
    position: 'absolute',
    inset: '0',
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    justifyContent: 'center',
    gap: '12px',
    padding: '24px',
    textAlign: 'center',
    font: '14px/1.5 -apple-system, BlinkMacSystemFont, "PingFang SC", "Microsoft YaHei", sans-serif',
    background: dark ? '#16161a' : '#fff',
    color: dark ? '#e6e6e6' : '#1c1f23',
  } as const;
  const error = props.status === 'error' ? props.error : null;
  return (
    <div style={{ position: 'relative', width: '100%' }} data-status={props.status}>
      <iframe
        key={props.attempt}
        ref={props.frameRef}
        src={props.src}
        name={props.name}
        title={props.texts.frameTitle}
        sandbox={props.sandbox}
        allow={props.allow}
        referrerpolicy="strict-origin-when-cross-origin"
        style={{ display: 'block', width: '100%', height: `${props.height}px`, border: '0', colorScheme: 'normal' }}
      />
      {props.status === 'loading' && (
        <div style={overlay} role="status" aria-live="polite" data-productimage-state="loading">
          <div class="productimage-embed-spinner" />
          <div>{props.texts.loading}</div>
        </div>
      )}
      {error && (
        <div style={overlay} role="alert" data-productimage-state="error" data-code={error.code}>
          <strong style={{ fontSize: '16px' }}>
            {error.code === 'incompatible' ? props.texts.incompatibleTitle : props.texts.unreachableTitle}
          </strong>
          <div>{error.code === 'incompatible' ? props.texts.incompatibleBody : props.texts.unreachableBody}</div>
          {error.code === 'unreachable' && (
            <button
              type="button"
              onClick={props.onRetry}
              style={{
                padding: '6px 18px',
                border: '0',
                borderRadius: '6px',
                background: '#2352d8',
                color: '#fff',
                font: 'inherit',
                cursor: 'pointer',
              }}
            >
              {props.texts.retry}
            </button>
          )}
        </div>
      )}
    </div>
  );
}
