/** Texts of the embed SDK's own states (shown by the host page around the iframe). */
export default {
  loading: 'Loading InspoShot…',
  unreachableTitle: 'InspoShot cannot be reached right now',
  unreachableBody: 'Check your connection and try again.',
  incompatibleTitle: 'Incompatible embed version',
  incompatibleBody: 'Please update the InspoShot embed script on this page.',
  retry: 'Retry',
  frameTitle: 'InspoShot',
};
