import { pluginViteConfig } from '../shared/vite.plugin.ts';

export default pluginViteConfig('xinhong');
