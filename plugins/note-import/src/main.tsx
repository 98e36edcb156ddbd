import { mountPlugin, PluginApp } from '@productimage/plugin-shared/ui/index.ts';
import { ImportPage } from './ImportPage.tsx';

mountPlugin(
  <PluginApp title={(t) => t('import.title')}>
    <ImportPage />
  </PluginApp>,
);
