import { mountPlugin, PluginApp } from '@productimage/plugin-shared/ui/index.ts';
import { XinhongPage } from './XinhongPage.tsx';

mountPlugin(
  <PluginApp title={(t) => t('xinhong.title')}>
    <XinhongPage />
  </PluginApp>,
);
