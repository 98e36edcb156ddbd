import { installGlobal } from './global.ts';

// Script-tag entry (dist/embed.js). currentScript is only set while this script first runs.
installGlobal(window, (document.currentScript as HTMLScriptElement | null)?.src ?? null);
