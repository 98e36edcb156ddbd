// The overlays of the header and the mobile header, loaded on demand (deferred.tsx; issue 16).
export { Dropdown } from '@douyinfe/semi-ui-19';
