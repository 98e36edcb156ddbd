// Semi's Toast, loaded on demand by the shell (toastConfig.ts, openExternal.ts; issue 16).
export { Toast } from '@douyinfe/semi-ui-19';
