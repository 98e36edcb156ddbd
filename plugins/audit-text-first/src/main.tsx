import { mountPlugin, PluginApp } from '@productimage/plugin-shared/ui/index.ts';
import { AuditPage } from './AuditPage.tsx';

mountPlugin(
  <PluginApp title={(t) => t('audit.title')}>
    <AuditPage />
  </PluginApp>,
);
