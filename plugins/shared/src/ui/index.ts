export * from './context.ts';
export * from './FieldSelect.tsx';
export * from './i18n.ts';
export * from './mount.tsx';
export * from './PluginApp.tsx';
export * from './useErrorText.ts';
export * from './useTableSelection.ts';
