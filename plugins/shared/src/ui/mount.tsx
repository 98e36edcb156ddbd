import { type ReactNode, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

/** Mounts a plugin page into #root. */
export function mountPlugin(node: ReactNode) {
  const root = document.getElementById('root');
  if (!root) throw new Error('#root missing');
  createRoot(root).render(<StrictMode>{node}</StrictMode>);
}
