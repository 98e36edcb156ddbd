import { cloneElement, type MouseEvent, type ReactElement, type ReactNode, useEffect, useRef, useSyncExternalStore } from 'react';

/**
 * A module loaded on demand (issue 16: what the first screen shows only after a hover or a click
 * is not part of the first load): `load()` starts it once, `use()` re-renders when it has arrived,
 * `usePrefetch()` loads it once the page has loaded and the browser is idle, so it is usually there
 * before the first hover or click.
 */
export interface OnDemand<M> {
  load(): Promise<M>;
  use(): M | null;
  usePrefetch(): void;
}

/** Runs `task` after the page's load event, when the browser is idle. */
function afterLoadWhenIdle(task: () => void) {
  const idle = () =>
    typeof window.requestIdleCallback === 'function'
      ? window.requestIdleCallback(task, { timeout: 2000 })
      : setTimeout(task, 200);
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}

export function onDemand<M>(importer: () => Promise<M>): OnDemand<M> {
  let module: M | null = null;
  let pending: Promise<M> | null = null;
  const listeners = new Set<() => void>();
  const load = () => {
    pending ??= importer().then((m) => {
      module = m;
      for (const listener of listeners) listener();
      return m;
    });
    return pending;
  };
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  return {
    load,
    use: () => useSyncExternalStore(subscribe, () => module),
    usePrefetch: () =>
      useEffect(() => {
        if (!pending) afterLoadWhenIdle(() => void load());
      }, []),
  };
}

/** Semi's dropdown of the header menus and the mobile feature switch (overlays.ts). */
export const shellOverlays = onDemand(() => import('./overlays.ts'));

interface TriggerProps {
  onMouseEnter?(event: MouseEvent): void;
  onMouseLeave?(event: MouseEvent): void;
  onClick?(event: MouseEvent): void;
}

/**
 * An overlay (dropdown, popover) whose component loads on demand: until its module is there, the
 * trigger renders alone; the first pointer-over (hover overlays) or click (click overlays) loads
 * it, the real overlay takes the trigger's place and the same gesture is replayed on the new
 * trigger, so the first hover or click opens it as it always did. Overlays with a controlled
 * (`custom`) trigger load the module themselves before they open.
 */
export function Deferred<M>({
  module,
  trigger,
  children,
  render,
}: {
  module: OnDemand<M>;
  trigger: 'hover' | 'click' | 'custom';
  children: ReactElement<TriggerProps>;
  render(module: M, trigger: ReactElement): ReactNode;
}) {
  const loaded = module.use();
  /** Where the trigger was when the gesture came (its parent and position), to find its successor. */
  const replay = useRef<{ parent: Element; index: number } | null>(null);
  const pointerInside = useRef(false);

  useEffect(() => {
    const spot = replay.current;
    if (!loaded || !spot) return;
    replay.current = null;
    const next = spot.parent.children[spot.index];
    if (!(next instanceof HTMLElement)) return;
    // After this commit has settled (an event dispatched while React commits is not acted on).
    const timer = setTimeout(() => {
      if (trigger === 'click') next.click();
      // React makes onMouseEnter of a mouseover that comes from outside the page (no relatedTarget).
      else if (trigger === 'hover' && pointerInside.current)
        next.dispatchEvent(new window.MouseEvent('mouseover', { bubbles: true, cancelable: true, view: window }));
    });
    return () => clearTimeout(timer);
  }, [loaded, trigger]);

  if (loaded) return render(loaded, children);
  if (trigger === 'custom') return children;

  const remember = (event: MouseEvent) => {
    const element = event.currentTarget as Element;
    const parent = element.parentElement;
    if (parent && !replay.current) replay.current = { parent, index: Array.prototype.indexOf.call(parent.children, element) };
    void module.load();
  };
  const props = children.props;
  return cloneElement(children, {
    onMouseEnter: (event: MouseEvent) => {
      props.onMouseEnter?.(event);
      pointerInside.current = true;
      if (trigger === 'hover') remember(event);
    },
    onMouseLeave: (event: MouseEvent) => {
      props.onMouseLeave?.(event);
      pointerInside.current = false;
    },
    onClick: (event: MouseEvent) => {
      props.onClick?.(event);
      if (trigger === 'click') remember(event);
    },
  });
}
