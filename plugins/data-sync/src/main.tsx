import { mountPlugin, PluginApp } from '@productimage/plugin-shared/ui/index.ts';
import { SyncPage } from './SyncPage.tsx';

mountPlugin(
  <PluginApp title={(t) => t('sync.title')}>
    <SyncPage />
  </PluginApp>,
);
