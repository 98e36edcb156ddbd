import './app/layout.ts';
import '@productimage/kit/kit.css';
import './app/theme.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { ready } from './app/i18n.ts';

// The first screen's strings load on demand (docs/performance.md "i18n on demand"); until they are
// in, the logo that index.html paints inside #root stays. Should they fail to load, the app renders all the same.
const render = () =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
void ready.then(render, render);
