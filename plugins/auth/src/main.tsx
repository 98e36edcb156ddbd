import { mountPlugin, PluginApp } from '@productimage/plugin-shared/ui/index.ts';
import { AuthPage } from './AuthPage.tsx';

mountPlugin(
  <PluginApp title={(t) => t('auth.title')}>
    <AuthPage />
  </PluginApp>,
);
