import { mountPlugin, PluginApp } from '@productimage/plugin-shared/ui/index.ts';
import { PicturePage } from './PicturePage.tsx';

mountPlugin(
  <PluginApp title={(t) => t('pic.title')}>
    <PicturePage />
  </PluginApp>,
);
