import { mountPlugin, PluginApp } from '@productimage/plugin-shared/ui/index.ts';
import { MultiPostPage } from './MultiPostPage.tsx';

mountPlugin(
  <PluginApp title={(t) => t('multiPost.title')}>
    <MultiPostPage />
  </PluginApp>,
);
